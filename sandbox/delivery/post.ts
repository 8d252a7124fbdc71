import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { signWebhook } from '../../shared';
import type { WebhookRecord } from '../storage/records';
import { guardedLookup } from './addressGuard';

const USER_AGENT = 'InvoicingAPI-Sandbox/1.0 (+Standard Webhooks)';

/** The receiver's answer is kept up to this many characters, for the dashboard's event page. */
const RESPONSE_BODY_CHARS = 2000;

/** What one attempt met: the receiver's status (null: no answer), how long it took, and what was said. */
export interface AttemptResult {
  status: number | null;
  latencyMs: number;
  error: string | null;
  requestHeaders: Record<string, string>;
  responseBody: string | null;
}

/** Sends one event body to a subscription, signed per Standard Webhooks; never throws (a failure is a result). */
export class WebhookPoster {
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  /** `timeoutMs`: a receiver that has not answered by then counts as failed (the contract's 10 s). */
  constructor(private readonly timeoutMs: number) {}

  post(webhook: WebhookRecord, eventId: string, body: string): Promise<AttemptResult> {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ secret: webhook.secret, id: eventId, timestamp, body });
    const url = new URL(webhook.url);
    const secure = url.protocol === 'https:';
    const started = Date.now();
    return new Promise<AttemptResult>((resolve) => {
      const requestHeaders = { ...headers, 'content-type': 'application/json', 'user-agent': USER_AGENT };
      let responseBody = '';
      const finish = (status: number | null, error: string | null) =>
        resolve({
          status,
          error,
          latencyMs: Date.now() - started,
          requestHeaders,
          responseBody: status === null ? null : responseBody,
        });
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          timeout: this.timeoutMs,
          lookup: guardedLookup,
          headers: { ...requestHeaders, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (responseBody.length < RESPONSE_BODY_CHARS)
              responseBody = (responseBody + chunk).slice(0, RESPONSE_BODY_CHARS);
          });
          res.on('end', () => finish(res.statusCode ?? null, null));
          res.on('error', (error) => finish(res.statusCode ?? null, error.message));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      req.on('error', (error) => finish(null, error.message));
      req.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

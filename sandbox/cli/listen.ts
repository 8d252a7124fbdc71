/**
 * `npm start -- listen --forward-to <url>`, after `stripe listen`: registers a webhook for the key's account
 * pointing at a relay on 127.0.0.1, and the relay forwards each delivery to the local URL re-signed with a
 * secret that stays the same across restarts (derived from the key), so a receiver configured once keeps
 * verifying. Each event prints one line with the receiver's status and latency; the receiver's status is
 * also the sandbox's answer, so a failing receiver gets the usual retries. Closing removes the webhook.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { styleText } from 'node:util';
import {
  type Connection,
  EVENT_TYPES,
  type EventType,
  WEBHOOK_SECRET_PREFIX,
  expectOk,
  operations,
  signWebhook,
  verifyWebhook,
} from '../../shared';
import { fetchSend } from '../http/fetchSend';
import { closeServer, listen } from '../http/server';

export interface ListenOptions {
  connection: Required<Connection>;
  forwardTo: string;
  events?: EventType[];
  /** One finished line per event (and the banner). */
  out(line: string): void;
  color: boolean;
  /** The receiver's time to answer (default 10 s, the contract's). */
  timeoutMs?: number;
}

export interface Listener {
  /** The stable secret the forwarded deliveries are signed with. */
  secret: string;
  webhookId: string;
  /** Deletes the webhook and stops the relay. */
  close(): Promise<void>;
}

/** The same key always gives the same secret: a receiver set up once verifies every later `listen`. */
export function listenSecret(apiKey: string): string {
  return (
    WEBHOOK_SECRET_PREFIX +
    createHmac('sha256', apiKey).update('invoicing-sandbox listen').digest().subarray(0, 24).toString('base64')
  );
}

const time = () => new Date().toISOString().slice(11, 19);

export async function startListening(options: ListenOptions): Promise<Listener> {
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    options.color ? styleText(format, text, { validateStream: false }) : text;
  const secret = listenSecret(options.connection.apiKey);
  const timeoutMs = options.timeoutMs ?? 10_000;
  let webhookSecret = '';

  const relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verified = verifyWebhook({ secret: webhookSecret, headers: req.headers, body });
      if (!verified.ok) {
        res.writeHead(400).end('signature check failed');
        return;
      }
      const event = JSON.parse(body) as { id: string; type: string };
      const headers = signWebhook({ secret, id: verified.id, timestamp: Math.floor(Date.now() / 1000), body });
      const started = Date.now();
      let status: number;
      let shown: string;
      try {
        const answer = await fetch(options.forwardTo, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(timeoutMs),
          headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'InvoicingAPI-Sandbox-listen/1.0' },
        });
        await answer.arrayBuffer();
        status = answer.status;
        shown = paint(status < 300 ? 'green' : 'red', `[${status}]`);
      } catch (error) {
        status = 502;
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        shown = paint('red', `[no answer: ${cause}]`);
      }
      options.out(
        `${time()}  ${paint('cyan', event.type.padEnd(17))} ${event.id}  → ${shown} POST ${options.forwardTo} ` +
          `(${Date.now() - started} ms)`,
      );
      res.writeHead(status, { 'content-type': 'text/plain' }).end();
    });
  });
  const { port } = await listen(relay, 0, '127.0.0.1');
  let webhookId: string;
  try {
    const created = expectOk(
      await fetchSend(
        operations.createWebhook.request(options.connection, {
          url: `http://127.0.0.1:${port}/listen`,
          events: [...(options.events ?? EVENT_TYPES)],
          description: `npm start -- listen --forward-to ${options.forwardTo}`.slice(0, 200),
        }),
      ),
    ) as { id: string; secret: string };
    webhookSecret = created.secret;
    webhookId = created.id;
  } catch (error) {
    await closeServer(relay);
    throw error;
  }
  options.out(`Ready. Forwarding ${(options.events ?? EVENT_TYPES).join(', ')} to ${options.forwardTo}`);
  options.out(`Webhook signing secret: ${secret} (the same on every run with this key; give it to your receiver once)`);
  options.out('Press Ctrl-C to stop; the webhook is removed.');

  let closing: Promise<void> | undefined;
  return {
    secret,
    webhookId,
    close: () => {
      closing ??= (async () => {
        try {
          expectOk(await fetchSend(operations.deleteWebhook.request(options.connection, { webhook_id: webhookId })));
        } finally {
          await closeServer(relay);
        }
      })();
      return closing;
    },
  };
}

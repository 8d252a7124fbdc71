/**
 * What suite 1 shares between its Zapier half (in the jest worker) and its n8n half (in a worker
 * thread): nock standing in for the service and recording every request, and the judge that compares
 * one case's outcome with what its input case expects.
 */
import { isDeepStrictEqual } from 'node:util';

import { MAX_MESSAGE, sampleClient, sampleInvoice, samplePayment, sampleProduct } from '../../../shared';
import { nock } from '../../zapier/nock';
import type { InputCase } from './cases';

export const API_KEY = ['ik', 'test', 'ReliabilityInputs7'].join('_');
export const BASE_URL = 'http://invoicing.test';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** nock as the service: every request to BASE_URL is recorded and answered; any other request fails. */
export function fakeService(): { sent: Sent[]; stop(): void } {
  const sent: Sent[] = [];
  nock.disableNetConnect();
  const record = async (request: Request): Promise<[number, object]> => {
    const text = await request.text();
    const entry: Sent = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: Object.fromEntries(request.headers),
      body: text ? JSON.parse(text) : undefined,
    };
    sent.push(entry);
    if (entry.path === '/v1/invoices' || entry.method === 'GET')
      return [entry.method === 'GET' ? 200 : 201, sampleInvoice];
    if (entry.path.endsWith('/payments')) return [201, samplePayment];
    if (entry.path === '/v1/products') return [201, sampleProduct];
    return [entry.method === 'POST' ? 201 : 200, sampleClient];
  };
  nock(BASE_URL)
    .persist()
    .post(/.*/)
    .reply(record as never)
    .patch(/.*/)
    .reply(record as never)
    .get(/.*/)
    .reply(record as never);
  return {
    sent,
    stop: () => {
      nock.cleanAll();
      nock.enableNetConnect();
      nock.restore();
    },
  };
}

export interface Tally {
  tried: number;
  accepted: number;
  rejected: number;
  /** Valid inputs that did not send exactly the one right request. */
  lost: number;
  sentForInvalid: number;
  unnamed: number;
  /** Refusals longer than MAX_MESSAGE; the longest seen. */
  overBound: number;
  longest: number;
  problems: string[];
}

export const tally = (): Tally => ({
  tried: 0,
  accepted: 0,
  rejected: 0,
  lost: 0,
  sentForInvalid: 0,
  unnamed: 0,
  overBound: 0,
  longest: 0,
  problems: [],
});

export interface CaseOutcome {
  ok: boolean;
  id?: string;
  message?: string;
  wrongKind?: boolean;
}

/** Counts one case: the right single request for valid input; for invalid, none and a message naming each field. */
export function judge(
  into: Tally,
  index: number,
  c: InputCase,
  requests: Sent[],
  outcome: CaseOutcome,
  idempotencyKeyOk: (header: string | undefined, expected: string | undefined) => boolean,
): void {
  into.tried += 1;
  const problem = (text: string) => into.problems.length < 20 && into.problems.push(`#${index} ${c.name}: ${text}`);
  const { expected } = c;
  if (expected.valid) {
    const [request] = requests;
    const right =
      requests.length === 1 &&
      outcome.ok &&
      outcome.id !== undefined &&
      request.method === expected.method &&
      request.path === expected.path &&
      isDeepStrictEqual(request.body, expected.body) &&
      request.headers.authorization === `Bearer ${API_KEY}` &&
      request.headers['content-type'] === 'application/json' &&
      idempotencyKeyOk(request.headers['idempotency-key'], expected.idempotencyKey);
    if (right) into.accepted += 1;
    else {
      into.lost += 1;
      problem(
        `valid input, ${requests.length} request(s) ${JSON.stringify(requests[0] ?? outcome).slice(0, 300)}, expected ${JSON.stringify(expected).slice(0, 300)}`,
      );
    }
    return;
  }
  if (requests.length) {
    into.sentForInvalid += requests.length;
    problem(`invalid input sent ${JSON.stringify(requests[0]).slice(0, 300)}`);
    return;
  }
  const message = outcome.message ?? '';
  into.longest = Math.max(into.longest, message.length);
  if (message.length > MAX_MESSAGE) {
    into.overBound += 1;
    problem(`a message of ${message.length} characters, over ${MAX_MESSAGE}`);
  }
  const count = expected.named.length;
  const allNamed =
    !outcome.ok &&
    !outcome.wrongKind &&
    expected.named.every((text) => message.includes(text)) &&
    (count > 1 ? message.startsWith(`Please fix ${count} fields: `) : !message.startsWith('Please fix'));
  if (allNamed) into.rejected += 1;
  else {
    into.unnamed += 1;
    problem(
      `expected a message naming ${JSON.stringify(expected.named)}, got ${outcome.ok ? 'success' : JSON.stringify(message.slice(0, 300))}`,
    );
  }
}

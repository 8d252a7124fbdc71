/**
 * What suite 1 shares between its Zapier half (in the jest worker) and its n8n half (in a worker
 * thread): nock standing in for the service and recording every request, and the judge that compares
 * one case's outcome with what its input case expects.
 */
import { isDeepStrictEqual } from 'node:util';

import {
  MAX_MESSAGE,
  sampleClient,
  sampleCreditNote,
  sampleDebitNote,
  sampleInvoice,
  samplePayment,
  sampleProduct,
  sampleRefund,
} from '../../../shared';
import { nock } from '../../zapier/nock';
import type { InputCase } from './cases';
import type { Read } from './corrections';

export const API_KEY = ['ik', 'test', 'ReliabilityInputs7'].join('_');
export const BASE_URL = 'http://invoicing.test';

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What the service answers each write with, by the path's end. */
const CREATED: Array<[string, object]> = [
  ['/payments', samplePayment],
  ['/credit_notes', sampleCreditNote],
  ['/debit_notes', sampleDebitNote],
  ['/refunds', sampleRefund],
];

/**
 * nock as the service: every request to BASE_URL is recorded and answered; any other request fails. `reads` holds
 * the invoices and payments the cases expect to be read, in order: a GET takes the first one at its path (404 when
 * none is), and any GET when none is queued is answered with the sample payment or invoice.
 */
export function fakeService(): { sent: Sent[]; reads: Read[]; stop(): void } {
  const sent: Sent[] = [];
  const reads: Read[] = [];
  const answerRead = (path: string): [number, object] => {
    if (!reads.length) return [200, path.startsWith('/v1/payments/') ? samplePayment : sampleInvoice];
    const at = reads.findIndex((read) => read.path === path);
    if (at < 0) return [404, { type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }];
    return [200, reads.splice(at, 1)[0].answer];
  };
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
    if (entry.method === 'GET') return answerRead(entry.path);
    if (entry.path === '/v1/invoices') return [201, sampleInvoice];
    const created = CREATED.find(([end]) => entry.path.endsWith(end));
    if (created) return [201, created[1]];
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
    reads,
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
  /** Valid inputs that did not send exactly the one right request (after their read, if they make one). */
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

/**
 * Counts one case: the right single request for valid input; for invalid, none and a message naming each field.
 * A case with a `read` expects that GET first, and then the same.
 */
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
  // The operation's read, when it makes one, comes first: exactly that GET, then what the case expects after it.
  const read = expected.read;
  const readRight = !read || (requests.length > 0 && requests[0].method === 'GET' && requests[0].path === read.path);
  if (read && !readRight) {
    // A refusal that needs the read cannot be right without it.
    if (expected.valid) into.lost += 1;
    else into.unnamed += 1;
    problem(`expected GET ${read.path} first, got ${JSON.stringify(requests[0] ?? outcome).slice(0, 300)}`);
    return;
  }
  const after = read ? requests.slice(1) : requests;
  if (expected.valid) {
    const [request] = after;
    const right =
      after.length === 1 &&
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
        `valid input, ${after.length} request(s) ${JSON.stringify(after[0] ?? outcome).slice(0, 300)}, expected ${JSON.stringify(expected).slice(0, 300)}`,
      );
    }
    return;
  }
  if (after.length) {
    into.sentForInvalid += after.length;
    problem(`invalid input sent ${JSON.stringify(after[0]).slice(0, 300)}`);
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

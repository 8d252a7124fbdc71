/**
 * A deployment that differs from the contract in exactly one assumption: a proxy in front of a real one (the
 * sandbox in the tests) that changes what one row checks and nothing else. The drift is derived from the row
 * (its kind, its operation, its field), so every row the run lists gets one: the test of the conformance run.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPES, SERVICE, operations, type Operation } from '../../shared';
import type { answerChecker } from '../answers';
import type { Assumption } from './context';
import { wrongValue, type FieldWalker } from './fields';
import { moneyDrift } from './moneyDrift';
import type { Drift, Seen } from './driftTypes';

export type { Drift } from './driftTypes';

type Thing = Record<string, any>;

const templateOf = (operation: Operation) => `/${SERVICE.apiVersion}${operation.path}`;
const matches = (checker: ReturnType<typeof answerChecker>, operation: Operation, seen: Seen) =>
  seen.method === operation.method && checker.templateOf(seen.path) === templateOf(operation);
const OTHER_SUCCESS: Record<number, number> = { 200: 201, 201: 200, 202: 200, 204: 200 };

/** The one change that makes `row` false, derived from what the row is about. */
export function driftFor(row: Assumption, walker: FieldWalker, checker: ReturnType<typeof answerChecker>): Drift {
  const [subject, kind] = row.id.split('.');
  // What follows `<operation>.<kind>.`: a filter key (with `=value`, which may hold dots), a paging key.
  const detail = row.id.slice(`${subject}.${kind}.`.length);
  const operation = (operations as Record<string, unknown>)[subject] as Operation | undefined;
  const money = moneyDrift(row);
  if (money) return money;
  if (row.kind === 'request' && operation) {
    return {
      answer: (seen, answer) => {
        if (matches(checker, operation, seen) && answer.status === operation.status)
          answer.status = OTHER_SUCCESS[answer.status];
      },
    };
  }
  if (row.kind === 'filter' && operation) {
    const [key, value] = [
      detail.split('=')[0],
      detail.includes('=') ? detail.slice(detail.indexOf('=') + 1) : undefined,
    ];
    return {
      request: (seen) => {
        if (matches(checker, operation, seen) && (value === undefined || seen.query.get(key) === value))
          seen.query.delete(key);
      },
    };
  }
  if (row.kind === 'paging' && operation && detail === 'has_more') {
    return {
      answer: (seen, answer) => {
        if (matches(checker, operation, seen) && answer.body && typeof answer.body === 'object')
          (answer.body as Thing).has_more = true;
      },
    };
  }
  if (row.kind === 'paging' && operation)
    return {
      request: (seen) => {
        if (matches(checker, operation, seen)) seen.query.delete(detail);
      },
    };
  if (row.kind === 'idempotency' && operation) {
    // A key counts as used once the deployment acted on it: a request answered 429 or 5xx never took it
    // (the contract frees the key), and the client's retry of it is the first use, not a replay. Counting
    // the refused attempt made a rate-limited first request of the reuse row look like a replay.
    const bodies = new Map<string, string>();
    const sent = new WeakMap<Seen, { key: string; text: string }>();
    return {
      request: (seen) => {
        const key = seen.headers['idempotency-key'];
        if (!key || !matches(checker, operation, seen)) return;
        const text = JSON.stringify(seen.body);
        sent.set(seen, { key, text });
        const earlier = bodies.get(key);
        if (earlier !== undefined && (detail === 'replay') === (earlier === text))
          delete seen.headers['idempotency-key'];
      },
      answer: (seen, answer) => {
        const request = sent.get(seen);
        if (request && answer.status !== 429 && answer.status < 500 && !bodies.has(request.key))
          bodies.set(request.key, request.text);
      },
    };
  }
  if (row.kind === 'event' && row.id.endsWith('.delivered')) {
    const type = row.id.slice('event '.length, -'.delivered'.length);
    const other = EVENT_TYPES.find((candidate) => candidate !== type)!;
    return {
      request: (seen) => {
        if (
          seen.method === 'POST' &&
          seen.path === '/v1/webhooks' &&
          JSON.stringify(seen.body?.events) === JSON.stringify([type])
        )
          seen.body!.events = [other];
      },
    };
  }
  if (row.id === 'event retry-after-500') return { delivery: (_seen, status) => (status >= 500 ? 200 : status) };
  if (row.kind === 'catch-up') {
    return {
      answer: (seen, answer) => {
        const data = (answer.body as Thing | undefined)?.data;
        if (seen.path === '/v1/events' && seen.query.has('ending_before') && Array.isArray(data)) data.reverse();
      },
    };
  }
  if (row.kind === 'replay') {
    return {
      instead: (seen) =>
        seen.method === 'POST' && seen.path.endsWith('/recover')
          ? {
              status: 202,
              headers: { 'content-type': 'application/json' },
              body: {
                object: 'webhook_recovery',
                webhook_id: seen.path.split('/').at(-2),
                after: seen.body?.after,
                queued: 0,
              },
            }
          : undefined,
    };
  }
  if (row.kind === 'field') {
    const field = row.id.slice('field '.length);
    return {
      answer: (seen, answer) => {
        const template = checker.templateOf(seen.path);
        const schema = template && walker.answerSchema(seen.method, template, answer.status);
        if (!schema || !answer.body || typeof answer.body !== 'object') return;
        walker.walk(
          schema[0],
          schema[1],
          answer.body,
          walker.operationId(seen.method, template),
          (place, placeSchema) => {
            if (place.row === field) place.parent[place.key] = wrongValue(walker, placeSchema);
          },
        );
      },
    };
  }
  return protocolDrift(row.id);
}

function protocolDrift(id: string): Drift {
  switch (id) {
    case 'auth.key-mode':
      return {
        answer: (seen, answer) => {
          if (seen.path === '/v1/account' && answer.status === 200)
            (answer.body as Thing).livemode = !(answer.body as Thing).livemode;
        },
      };
    case 'auth.refused':
      return {
        answer: (_seen, answer) => {
          if (answer.status === 401)
            Object.assign(answer, { status: 403, body: { ...(answer.body as Thing), status: 403, code: 'forbidden' } });
        },
      };
    case 'errors.not-found':
      return {
        answer: (_seen, answer) => {
          if (answer.status === 404) (answer.body as Thing).code = 'missing';
        },
      };
    case 'errors.validation':
      return {
        answer: (_seen, answer) => {
          const body = answer.body as Thing;
          if (answer.status === 422 && body?.code === 'validation_failed') {
            body.field_errors = body.errors;
            delete body.errors;
          }
        },
      };
    case 'errors.email-taken':
      // Only this conflict: other 409s (a void of a paid invoice) are other rows' refusals.
      return {
        answer: (_seen, answer) => {
          if (answer.status === 409 && (answer.body as Thing | undefined)?.code === 'client_exists')
            answer.status = 422;
        },
      };
    case 'rate-limit':
      return {
        answer: (_seen, answer) => {
          if (answer.status === 429) delete answer.headers['retry-after'];
        },
      };
    default:
      throw new Error(`no drift for the row ${id}: add one in contract/conformance/drift.ts`);
  }
}

const readBody = (incoming: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
const json = (text: string) => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The proxy: API calls go to `target` with the drift applied; subscriptions are registered at the proxy's
 * `/deliver` so deliveries pass through it too, and answers show the receiver's URL as registered.
 */
export async function startDriftingProxy(
  target: string,
  drift: Drift,
): Promise<{ url: string; close(): Promise<void> }> {
  let url = '';
  const deliver = '/__deliver/';
  const server: Server = createServer(async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const text = await readBody(incoming);
    const parsed = new URL(incoming.url ?? '/', 'http://proxy');
    const headers = Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)]));
    delete headers.host;
    delete headers['content-length'];
    if (parsed.pathname.startsWith(deliver)) {
      const to = decodeURIComponent(parsed.pathname.slice(deliver.length));
      const answered = await fetch(to, { method: 'POST', headers, body: text }).then(
        (response) => response.status,
        () => 502,
      );
      outgoing
        .writeHead(
          drift.delivery?.(
            { method: 'POST', path: to, query: parsed.searchParams, headers, body: json(text) },
            answered,
          ) ?? answered,
        )
        .end();
      return;
    }
    const seen: Seen = {
      method: incoming.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers,
      body: json(text),
    };
    drift.request?.(seen);
    if (seen.method === 'POST' && seen.path === '/v1/webhooks' && typeof seen.body?.url === 'string') {
      seen.body.url = `${url}${deliver}${encodeURIComponent(seen.body.url)}`;
    }
    let answer = drift.instead?.(seen);
    if (!answer) {
      const query = seen.query.toString();
      const sent = seen.body === undefined ? text || undefined : JSON.stringify(seen.body);
      const response = await fetch(`${target}${seen.path}${query ? `?${query}` : ''}`, {
        method: seen.method,
        headers,
        body: sent,
      });
      const answerText = (await response.text()).replace(
        new RegExp(`${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}${deliver}([^"]+)`, 'g'),
        (_match, encoded: string) => decodeURIComponent(encoded),
      );
      const answerHeaders = Object.fromEntries(response.headers);
      delete answerHeaders['content-length'];
      delete answerHeaders['content-encoding'];
      answer = { status: response.status, headers: answerHeaders, body: json(answerText) ?? answerText };
      drift.answer?.(seen, answer);
    }
    const out =
      answer.body === undefined || answer.body === ''
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    outgoing.writeHead(answer.status, answer.headers).end(answer.status === 204 ? undefined : out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

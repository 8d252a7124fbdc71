import { InputError, idempotencyKeySchema, validateInput } from '../../shared';
import { authenticate } from './auth';
import { type SandboxCore, contextFor } from '../domain/context';
import { injectedApiFault, type Faults } from '../faults/injection';
import { hostAllowed, hostRefusal } from './hostCheck';
import { IdempotencyKeys } from './idempotency';
import { randomToken } from '../storage/ids';
import { Problem, problemBody } from '../domain/problems';
import type { Random } from '../faults/random';
import type { RateLimiter } from './rateLimit';
import { replied } from './replyObservers';
import { type Reply, Router } from '../routes/router';
import type { RawCall } from './server';
import { accountRoutes } from '../routes/accountRoutes';
import { clientRoutes } from '../routes/clientRoutes';
import { productRoutes } from '../routes/productRoutes';
import { deliveryRoutes } from '../routes/deliveryLogRoutes';
import { eventRoutes } from '../routes/eventRoutes';
import { invoiceRoutes } from '../routes/invoiceRoutes';
import { keyRoutes } from '../routes/keyRoutes';
import { paymentRoutes } from '../routes/paymentRoutes';
import { refundRoutes } from '../routes/refundRoutes';
import { noteRoutes } from '../routes/noteRoutes';
import { gstr1Routes } from '../routes/gstr1Routes';
import { testHelperRoutes } from '../routes/testHelperRoutes';
import { invoiceLifeRoutes } from '../routes/invoiceLifeRoutes';
import { einvoiceRoutes } from '../routes/einvoiceRoutes';
import { webhookRoutes } from '../routes/webhookRoutes';
import { wireProblem } from './wireCheck';
import type { Context } from '../domain/context';
import type { ApiRequest, Handler } from '../routes/router';

export interface ApiOptions {
  limiter: RateLimiter;
  faults: Faults;
  random: Random;
  /** The request body limit in bytes, as the 413 states it. */
  maxBodyBytes: number;
  /** Host names besides localhost and IP addresses that requests may be addressed to (`--allow-host`). */
  allowedHosts: readonly string[];
  /** Pages outside /v1 (the dashboard, hosted invoices); undefined → 404. */
  page(call: RawCall): Reply | undefined;
}

function problemReply(problem: Problem, requestId: string): Reply {
  return {
    status: problem.status,
    body: problemBody(problem, requestId),
    headers: { 'content-type': 'application/problem+json', ...problem.headers },
  };
}

/** Any failure as the contract's problem: field errors keep shared's messages word for word. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof InputError) {
    return new Problem(
      422,
      'validation_failed',
      error.message,
      error.issues.map((issue) => ({ param: issue.field, message: issue.message })),
    );
  }
  return new Problem(500, 'internal_error', 'The sandbox hit an unexpected error; the request was not completed.');
}

/** What to send, for the three creates a newcomer tries first with an empty body. */
const BODY_EXAMPLES: Record<string, string> = {
  '/v1/invoices':
    '{"client_email": "ana@example.com", "currency": "INR", ' +
    '"items": [{"description": "Website design", "amount": 150000}]}',
  '/v1/clients': '{"email": "ana@example.com", "name": "Ana Sharma"}',
  '/v1/webhooks': '{"url": "http://127.0.0.1:5678/webhook", "events": ["invoice.paid"]}',
};

function parseJson(call: RawCall): unknown {
  const text = call.body.toString('utf8');
  if (!text.trim()) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new Problem(400, 'invalid_json', `The request body is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const kind = Array.isArray(body) ? 'an array' : body === null ? 'null' : `a ${typeof body}`;
    throw new Problem(400, 'invalid_body', `The request body must be a JSON object of fields ({…}), not ${kind}.`);
  }
  return body;
}

/** A required body that is missing: say so and show one, instead of shared's bare "is required" for the root. */
function emptyBodyProblem(error: unknown, call: RawCall, path: string): unknown {
  const root = error instanceof InputError && error.issues.length === 1 && error.issues[0].field === 'input';
  if (!root || call.body.toString('utf8').trim()) return error;
  const example = BODY_EXAMPLES[path.replace(/\/[^/]+$/, '')] ?? BODY_EXAMPLES[path];
  return new Problem(
    400,
    'body_required',
    `${call.method} ${path} needs a JSON object as its body (Content-Type: ` +
      `application/json)${example ? `, e.g. ${example}` : ''}; see docs/api-contract.md for every field.`,
  );
}

/** Stops a handler at its first look at the account: whatever it refused before that is its input's fault. */
const UNTOUCHED = new Proxy({} as Context, {
  get() {
    throw UNTOUCHED;
  },
});

/**
 * A request the wire's form refuses, told in the core's own words where the core refuses it too (the route
 * validates its input before it reads the account, so a run that may read nothing changes nothing).
 */
function coreRefusal(handler: Handler, request: ApiRequest, call: RawCall, path: string): unknown {
  try {
    handler(request, UNTOUCHED);
  } catch (error) {
    if (error instanceof InputError) return emptyBodyProblem(error, call, path);
  }
  return undefined;
}

/** The order every API call goes through: auth, rate limit, injected faults, size, JSON, idempotency, route. */
export function createApi(core: SandboxCore, options: ApiOptions, onError: (error: unknown) => void) {
  const router = new Router();
  for (const register of [
    accountRoutes,
    invoiceRoutes,
    paymentRoutes,
    refundRoutes,
    noteRoutes,
    clientRoutes,
    webhookRoutes,
    eventRoutes,
    testHelperRoutes,
    invoiceLifeRoutes,
    einvoiceRoutes,
    deliveryRoutes,
    keyRoutes,
    productRoutes,
    gstr1Routes,
  ])
    register(router);
  const idempotency = new IdempotencyKeys(core.data.store);

  const handle = (call: RawCall, requestId: string): Reply => {
    const { account, key } = authenticate(call.headers, core.data.accounts);
    const limit = options.limiter.take(key.id);
    if (!limit.allowed) {
      throw new Problem(
        429,
        'rate_limited',
        `More than ${options.limiter.perSecond} requests per second with this key; ` +
          `retry after ${limit.retryAfterSeconds} s.`,
        undefined,
        { 'retry-after': String(limit.retryAfterSeconds) },
      );
    }
    const path = call.url.pathname;
    if (!path.startsWith('/v1/test_helpers/')) {
      const fault = injectedApiFault(options.faults, options.random);
      if (fault === 429)
        throw new Problem(429, 'rate_limited', 'Injected fault: rate limited.', undefined, { 'retry-after': '1' });
      if (fault === 500) throw new Problem(500, 'internal_error', 'Injected fault: internal error.');
    }
    if (call.tooLarge) throw tooLarge(options.maxBodyBytes);
    const body = parseJson(call);
    const route = router.match(call.method, path);
    if (!route) throw new Problem(404, 'not_found', `Unrecognized request URL (${call.method} ${path}).`);
    const ctx = contextFor(core, account, key.id);
    const request = {
      method: call.method,
      path,
      query: Object.fromEntries(call.url.searchParams),
      headers: call.headers,
      body,
      params: route.params,
      requestId,
      apiKey: key.secret,
    };
    const run = () => {
      try {
        return route.handler(request, ctx);
      } catch (error) {
        throw emptyBodyProblem(error, call, path);
      }
    };
    const wire = wireProblem(request);
    if (wire) throw coreRefusal(route.handler, request, call, path) ?? wire;
    const rawKey = call.headers['idempotency-key'];
    if (call.method !== 'POST' || rawKey === undefined) return run();
    return idempotency.run(account.id, idempotencyKey(rawKey), call.method, path, body, run);
  };

  return (call: RawCall): Reply => {
    const requestId = newRequestId();
    if (!hostAllowed(call.headers.host, options.allowedHosts)) {
      return withId(
        problemReply(new Problem(403, 'host_not_allowed', hostRefusal(call.headers.host)), requestId),
        requestId,
      );
    }
    if (!call.url.pathname.startsWith('/v1/')) {
      if (call.tooLarge) return withId(problemReply(tooLarge(options.maxBodyBytes), requestId), requestId);
      return (
        options.page(call) ?? problemReply(new Problem(404, 'not_found', `Nothing at ${call.url.pathname}.`), requestId)
      );
    }
    let reply: Reply;
    try {
      reply = handle(call, requestId);
    } catch (error) {
      if (!(error instanceof Problem) && !(error instanceof InputError)) onError(error);
      reply = problemReply(toProblem(error), requestId);
    }
    return replied(call.method, call.url.pathname, withId(reply, requestId));
  };
}

const withId = (reply: Reply, requestId: string): Reply => ({
  ...reply,
  headers: { ...reply.headers, 'request-id': requestId },
});

export function tooLarge(maxBodyBytes: number): Problem {
  return new Problem(
    413,
    'payload_too_large',
    `The request body is over the ${new Intl.NumberFormat('en').format(maxBodyBytes)}-byte limit; ` +
      'send fewer line items or shorter descriptions.',
  );
}

function idempotencyKey(raw: string | string[]): string {
  try {
    return validateInput(idempotencyKeySchema, Array.isArray(raw) ? raw[0] : raw);
  } catch (error) {
    const message = `Idempotency-Key ${(error as InputError).issues[0]?.message ?? 'is not valid'}`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'Idempotency-Key', message }]);
  }
}

function newRequestId(): string {
  return `req_${randomToken(16)}`;
}

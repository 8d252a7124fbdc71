import { InputError, idempotencyKeySchema, validateInput } from '../shared';
import { authenticate } from './auth';
import type { Context } from './context';
import { injectedApiFault, type Faults } from './faults';
import { IdempotencyKeys } from './idempotency';
import { randomToken } from './ids';
import { Problem, problemBody } from './problems';
import type { Random } from './random';
import type { RateLimiter } from './rateLimit';
import { type Reply, Router } from './router';
import type { RawCall } from './server';
import { accountRoutes } from './routes/account';
import { clientRoutes } from './routes/clients';
import { deliveryRoutes } from './routes/deliveries';
import { eventRoutes } from './routes/events';
import { invoiceRoutes } from './routes/invoices';
import { paymentRoutes } from './routes/payments';
import { occasionRoutes } from './routes/testHelpers';
import { webhookRoutes } from './routes/webhooks';

export interface ApiOptions {
  limiter: RateLimiter;
  faults: Faults;
  random: Random;
  /** Pages outside /v1 (the dashboard, hosted invoices); undefined → 404. */
  page(call: RawCall): Reply | undefined;
}

function problemReply(problem: Problem, requestId: string): Reply {
  return { status: problem.status, body: problemBody(problem, requestId),
    headers: { 'content-type': 'application/problem+json', ...problem.headers } };
}

/** Any failure as the contract's problem: field errors keep shared's messages word for word. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof InputError) {
    return new Problem(422, 'validation_failed', error.message,
      error.issues.map((issue) => ({ param: issue.field, message: issue.message })));
  }
  return new Problem(500, 'internal_error', 'The sandbox hit an unexpected error; the request was not completed.');
}

function parseJson(call: RawCall): unknown {
  const text = call.body.toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Problem(400, 'invalid_json', `The request body is not valid JSON (${(error as Error).message}).`);
  }
}

/** The order every API call goes through: auth, rate limit, injected faults, size, JSON, idempotency, route. */
export function createApi(ctx: Context, options: ApiOptions, onError: (error: unknown) => void) {
  const router = new Router();
  for (const register of [accountRoutes, invoiceRoutes, paymentRoutes, clientRoutes, webhookRoutes, eventRoutes, occasionRoutes,
    deliveryRoutes]) register(router, ctx);
  const idempotency = new IdempotencyKeys(ctx.data.store);

  const handle = (call: RawCall, requestId: string): Reply => {
    const apiKey = authenticate(call.headers);
    const limit = options.limiter.take(apiKey);
    if (!limit.allowed) {
      throw new Problem(429, 'rate_limited', `More than ${options.limiter.perSecond} requests per second with this key; ` +
        `retry after ${limit.retryAfterSeconds} s.`, undefined, { 'retry-after': String(limit.retryAfterSeconds) });
    }
    const path = call.url.pathname;
    if (!path.startsWith('/v1/test_helpers/')) {
      const fault = injectedApiFault(options.faults, options.random);
      if (fault === 429) throw new Problem(429, 'rate_limited', 'Injected fault: rate limited.', undefined, { 'retry-after': '1' });
      if (fault === 500) throw new Problem(500, 'internal_error', 'Injected fault: internal error.');
    }
    if (call.tooLarge) throw new Problem(413, 'payload_too_large', 'The request body is over the 1 MB limit.');
    const body = parseJson(call);
    const route = router.match(call.method, path);
    if (!route) throw new Problem(404, 'not_found', `Unrecognized request URL (${call.method} ${path}).`);
    const request = { method: call.method, path, query: Object.fromEntries(call.url.searchParams), headers: call.headers,
      body, params: route.params, requestId, apiKey };
    const rawKey = call.headers['idempotency-key'];
    if (call.method !== 'POST' || rawKey === undefined) return route.handler(request);
    return idempotency.run(idempotencyKey(rawKey), call.method, path, body, () => route.handler(request));
  };

  return (call: RawCall): Reply => {
    if (!call.url.pathname.startsWith('/v1/')) {
      return options.page(call) ?? problemReply(new Problem(404, 'not_found', `Nothing at ${call.url.pathname}.`), newRequestId());
    }
    const requestId = newRequestId();
    let reply: Reply;
    try {
      reply = handle(call, requestId);
    } catch (error) {
      if (!(error instanceof Problem) && !(error instanceof InputError)) onError(error);
      reply = problemReply(toProblem(error), requestId);
    }
    return { ...reply, headers: { ...reply.headers, 'request-id': requestId } };
  };
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

import { ApiError, headerValue, networkError, normalizeError, parseRetryAfter, redactSecrets } from '../../shared';

const secrets = {
  live: ['ik', 'live', '51HqLyjWDarjtT1zdp7dc'].join('_'),
  test: ['ik', 'test', 'TYooMQauvdEDq54NiTphI7jx'].join('_'),
  webhook: ['whsec', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'].join('_'),
  bearer: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
};
const allSecretParts = [
  secrets.live,
  secrets.test,
  secrets.webhook,
  secrets.bearer,
  '51HqLyjWDarjtT1zdp7dc',
  'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
];
const expectNoSecret = (error: ApiError) => {
  const visible = JSON.stringify({ message: error.message, fieldErrors: error.fieldErrors });
  for (const part of allSecretParts) expect(visible).not.toContain(part);
};

describe('body shapes', () => {
  const problem = {
    type: 'https://docs.invoicing.example/errors/validation_failed',
    title: 'Validation failed',
    status: 422,
    detail: 'Two fields are invalid.',
    code: 'validation_failed',
    request_id: 'req_8Hq2',
    errors: [
      { param: 'client_email', message: 'is not a valid e-mail address' },
      { param: 'items[1].amount', message: 'must be an integer' },
    ],
  };

  test('problem+json with field errors: every field named with its label and path', () => {
    const error = normalizeError({
      status: 422,
      headers: { 'content-type': 'application/problem+json' },
      body: problem,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect({ ...error, message: error.message }).toEqual({
      name: 'ApiError',
      status: 422,
      code: 'validation_failed',
      requestId: 'req_8Hq2',
      retryAfterSeconds: undefined,
      fieldErrors: [
        { field: 'client_email', message: 'Client Email (client_email): is not a valid e-mail address' },
        { field: 'items[1].amount', message: 'Amount (items[1].amount): must be an integer' },
      ],
      message:
        'Invoicing API rejected the input (HTTP 422). Client Email (client_email): is not a valid e-mail address; Amount (items[1].amount): must be an integer.',
    });
  });

  test('the same problem delivered as a JSON string (a client that did not parse it)', () => {
    const fromText = normalizeError({ status: 422, body: `  ${JSON.stringify(problem)}\n` });
    const fromObject = normalizeError({ status: 422, body: problem });
    expect(fromText.message).toBe(fromObject.message);
    expect(fromText.fieldErrors).toEqual(fromObject.fieldErrors);
    expect(fromText.requestId).toBe('req_8Hq2');
  });

  test('problem+json without field errors uses the detail', () => {
    const error = normalizeError({
      status: 422,
      body: {
        ...problem,
        errors: undefined,
        code: 'idempotency_key_reused',
        detail: 'This key was used with another body',
      },
    });
    expect(error.code).toBe('idempotency_key_reused');
    expect(error.message).toBe('Invoicing API rejected the input (HTTP 422). This key was used with another body.');
    expect(error.fieldErrors).toEqual([]);
  });

  test('{ error: { message, code } } (Stripe-like)', () => {
    const error = normalizeError({
      status: 404,
      body: { error: { message: 'No such invoice: inv_9', code: 'resource_missing', request_id: 'req_1' } },
    });
    expect(error.code).toBe('resource_missing');
    expect(error.requestId).toBe('req_1');
    expect(error.message).toBe('Not found (HTTP 404). No such invoice: inv_9.');
  });

  test('{ error: "text" } and { message }', () => {
    expect(normalizeError({ status: 400, body: { error: 'Malformed JSON' } }).message).toBe(
      'Invoicing API answered HTTP 400. Malformed JSON.',
    );
    expect(normalizeError({ status: 403, body: { message: 'Live keys cannot be used on the sandbox.' } }).message).toBe(
      'Invoicing API refused this request for this key (HTTP 403). Live keys cannot be used on the sandbox.',
    );
  });

  test('plain text', () => {
    const error = normalizeError({ status: 502, body: 'upstream connect error or disconnect/reset before headers\n' });
    expect(error.message).toBe(
      'Invoicing API is failing right now (HTTP 502). upstream connect error or disconnect/reset before headers. This step can be replayed once the service recovers.',
    );
    expect(error.code).toBe('internal_error');
  });

  test('an HTML error page yields its title, never markup', () => {
    const html =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head>' +
      '<body><h1>502 Bad Gateway</h1><hr><center>nginx</center><script>var x = 1;</script></body></html>';
    const error = normalizeError({ status: 502, headers: { 'Content-Type': 'text/html' }, body: html });
    expect(error.message).toBe(
      'Invoicing API is failing right now (HTTP 502). 502 Bad Gateway. This step can be replayed once the service recovers.',
    );
    const untitled = normalizeError({
      status: 503,
      body: '<html><body><p>Service &amp; API <b>down</b></p></body></html>',
    });
    expect(untitled.message).toContain('Service & API down.');
    expect(untitled.message).not.toMatch(/[<>]/);
  });

  test('an empty body (or none) still gives a useful sentence', () => {
    for (const body of ['', '   ', undefined, null]) {
      expect(normalizeError({ status: 500, body }).message).toBe(
        'Invoicing API is failing right now (HTTP 500). This step can be replayed once the service recovers.',
      );
      expect(normalizeError({ status: 404, body }).message).toBe('Not found (HTTP 404). Check the ID.');
      expect(normalizeError({ status: 400, body }).message).toBe(
        'Invoicing API answered HTTP 400. The request was not accepted.',
      );
    }
  });

  test('broken JSON and arrays are treated as text or ignored, not thrown', () => {
    expect(normalizeError({ status: 400, body: '{"message": "unterminated' }).message).toBe(
      'Invoicing API answered HTTP 400. {"message": "unterminated.',
    );
    expect(normalizeError({ status: 400, body: [{ message: 'x' }] }).message).toBe(
      'Invoicing API answered HTTP 400. The request was not accepted.',
    );
  });

  test('long text is cut to a readable length', () => {
    const error = normalizeError({ status: 500, body: 'x'.repeat(5000) });
    expect(error.message.length).toBeLessThan(450);
  });

  test('a 401 tells the user to reconnect, with where to get a key', () => {
    const error = normalizeError({ status: 401, body: '{"message":"Key revoked"}' });
    expect(error.message).toBe(
      'Invoicing API did not accept the API key (HTTP 401). Key revoked. Reconnect the account with a valid key from https://dashboard.invoicing.example/settings/api-keys.',
    );
  });

  test('a 413 says what to send less of', () => {
    expect(normalizeError({ status: 413, body: '' }).message).toBe(
      'The request is too large for Invoicing API (HTTP 413): send fewer line items or shorter descriptions.',
    );
  });
});

describe('status → code and message', () => {
  const name = 'Invoicing API';
  test.each([
    [400, 'invalid_json', `${name} answered HTTP 400. The request was not accepted.`],
    [401, 'invalid_api_key', `${name} did not accept the API key (HTTP 401). Reconnect`],
    [403, 'forbidden', `${name} refused this request for this key (HTTP 403).`],
    [404, 'not_found', 'Not found (HTTP 404). Check the ID.'],
    [408, 'http_408', `${name} did not answer in time (HTTP 408). This step can be replayed.`],
    [409, 'conflict', `${name} answered HTTP 409.`],
    [410, 'gone', `${name} answered HTTP 410.`],
    [413, 'payload_too_large', `The request is too large for ${name} (HTTP 413)`],
    [418, 'http_418', `${name} answered HTTP 418.`],
    [422, 'validation_failed', `${name} rejected the input (HTTP 422).`],
    [429, 'rate_limited', `Too many requests to ${name} (HTTP 429). Try again shortly.`],
    [
      500,
      'internal_error',
      `${name} is failing right now (HTTP 500). This step can be replayed once the service recovers.`,
    ],
    [502, 'internal_error', `${name} is failing right now (HTTP 502).`],
    [503, 'internal_error', `${name} is failing right now (HTTP 503).`],
    [504, 'internal_error', `${name} is failing right now (HTTP 504).`],
  ])('HTTP %i → %s', (status, code, message) => {
    const error = normalizeError({ status, body: '' });
    expect([error.status, error.code]).toEqual([status, code]);
    expect(error.message.startsWith(message)).toBe(true);
  });

  test("the body's code wins over the default", () => {
    const inProgress = normalizeError({
      status: 409,
      body: { code: 'idempotency_in_progress', detail: 'A request with this key is still running' },
    });
    expect(inProgress.code).toBe('idempotency_in_progress');
    const exists = normalizeError({
      status: 409,
      body: { code: 'client_exists', detail: 'A client with this e-mail exists' },
    });
    expect(exists.code).toBe('client_exists');
  });
});

describe('Retry-After', () => {
  test('as seconds, any header case, array values', () => {
    expect(normalizeError({ status: 429, headers: { 'retry-after': '30' }, body: '' }).retryAfterSeconds).toBe(30);
    expect(normalizeError({ status: 429, headers: { 'Retry-After': ' 7 ' }, body: '' }).retryAfterSeconds).toBe(7);
    expect(normalizeError({ status: 503, headers: { 'RETRY-AFTER': ['120', '5'] }, body: '' }).retryAfterSeconds).toBe(
      120,
    );
    const error = normalizeError({ status: 429, headers: { 'retry-after': '30' }, body: { code: 'rate_limited' } });
    expect(error.message).toBe('Too many requests to Invoicing API (HTTP 429). Try again in 30 s.');
    expect(normalizeError({ status: 429, body: '' }).message).toBe(
      'Too many requests to Invoicing API (HTTP 429). Try again shortly.',
    );
    expect(normalizeError({ status: 429, body: '' }).retryAfterSeconds).toBeUndefined();
  });

  test('as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:27:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:26:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now - 500)).toBe(1);
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const seconds = normalizeError({
      status: 503,
      headers: { 'retry-after': inTwoMinutes },
      body: '',
    }).retryAfterSeconds!;
    expect(seconds).toBeGreaterThanOrEqual(118);
    expect(seconds).toBeLessThanOrEqual(120);
  });

  test('nonsense is ignored', () => {
    for (const value of [undefined, '', 'soon', '-5', '1.5', '10 seconds', '12:00'])
      expect(parseRetryAfter(value, 0)).toBeUndefined();
  });
});

describe('secrets never reach a message or a field error', () => {
  test.each<[string, unknown]>([
    ['problem detail', { detail: `The key ${secrets.live} was revoked`, code: 'invalid_api_key' }],
    ['nested error message', { error: { message: `Key "${secrets.test}" is not allowed here` } }],
    ['message', { message: `Signature mismatch for secret ${secrets.webhook}` }],
    ['plain text', `Authorization: Bearer ${secrets.bearer} rejected; key=${secrets.live}`],
    ['HTML', `<html><head><title>Denied for ${secrets.test}</title></head></html>`],
    ['JSON in a string', JSON.stringify({ message: `bad key ${secrets.live}` })],
    [
      'field errors',
      {
        errors: [
          { param: 'api_key', message: `${secrets.live} is revoked` },
          { field: secrets.test, message: `Bearer ${secrets.bearer}` },
        ],
      },
    ],
    ['lower-case bearer', `authorization: bearer ${secrets.bearer}`],
  ])('%s', (_name, body) => {
    for (const status of [400, 401, 403, 422, 500]) {
      const error = normalizeError({ status, body });
      expectNoSecret(error);
      expect(JSON.stringify([error.message, error.fieldErrors])).toContain('[redacted]');
    }
  });

  test('redactSecrets keeps the words around a secret', () => {
    expect(redactSecrets(`key ${secrets.live}, secret ${secrets.webhook}.`)).toBe('key [redacted], secret [redacted].');
    expect(redactSecrets(`Authorization: Bearer ${secrets.bearer}`)).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets(`"api_key":"${secrets.test}"`)).toBe('"api_key":"[redacted]"');
    expect(redactSecrets(`${secrets.live} ${secrets.live}`)).toBe('[redacted] [redacted]');
    expect(redactSecrets('nothing secret here: inv_123, whsec, ik_live')).toBe(
      'nothing secret here: inv_123, whsec, ik_live',
    );
  });
});

describe('network errors', () => {
  test('a refused connection', () => {
    const error = networkError(new Error('connect ECONNREFUSED 127.0.0.1:4010'));
    expect([error.status, error.code]).toEqual([0, 'network_error']);
    expect(error.message).toBe(
      "Could not reach Invoicing API (connect ECONNREFUSED 127.0.0.1:4010). Check the connection's base URL; this step can be replayed.",
    );
  });

  test('a time-out', () => {
    const error = networkError(new Error('socket hang up'), { timedOut: true });
    expect([error.status, error.code]).toEqual([0, 'timeout']);
    expect(error.message).toBe('Invoicing API did not answer in time. This step can be replayed.');
  });

  test('a cause that is not an Error, and one that carries a key', () => {
    expect(networkError('EAI_AGAIN').message).toContain('(EAI_AGAIN)');
    expect(networkError(undefined).message).toContain('(unknown error)');
    const leaky = networkError(new Error(`request with Bearer ${secrets.live} failed`));
    expectNoSecret(leaky);
  });
});

test('headerValue: any case, first of an array, undefined when absent', () => {
  expect(headerValue({ 'X-Request-Id': 'a' }, 'x-request-id')).toBe('a');
  expect(headerValue({ 'x-request-id': ['b', 'c'] }, 'X-Request-ID')).toBe('b');
  expect(headerValue({ other: 'x' }, 'x-request-id')).toBeUndefined();
  expect(headerValue(undefined, 'x-request-id')).toBeUndefined();
});

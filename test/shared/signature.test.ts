import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import {
  SIGNATURE_TOLERANCE_SECONDS,
  VERIFY_FAILURE_MESSAGES,
  generateWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookHeader,
  type VerifyFailure,
} from '../../shared';

const secret = generateWebhookSecret();
const otherSecret = generateWebhookSecret();
const now = 1_780_000_000;
const body = '{"id":"evt_1","type":"invoice.paid","amount":1500,"note":"₹ ✓"}';
const signed = (overrides: Partial<{ secret: string; id: string; timestamp: number; body: string }> = {}) =>
  signWebhook({ secret, id: 'evt_1', timestamp: now, body, ...overrides });
const verify = (
  headers: Record<string, string | string[] | undefined>,
  options: Partial<{ secret: string; body: string | Uint8Array; now: number }> = {},
) => verifyWebhook({ secret, headers, body, now, ...options });
const reasonOf = (result: ReturnType<typeof verifyWebhook>) => (result.ok ? 'ok' : result.reason);

describe('the Standard Webhooks test vector', () => {
  const vector = {
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    timestamp: 1614265330,
    body: '{"test": 2432232314}',
    signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };

  test('we produce the published signature', () => {
    expect(signWebhook(vector)).toEqual({
      'webhook-id': vector.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': vector.signature,
    });
  });

  test('we verify the published signature, with or without the whsec_ prefix on the secret', () => {
    const headers = {
      'webhook-id': vector.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': vector.signature,
    };
    for (const key of [vector.secret, vector.secret.slice('whsec_'.length)]) {
      expect(verifyWebhook({ secret: key, headers, body: vector.body, now: vector.timestamp })).toEqual({
        ok: true,
        id: vector.id,
        timestamp: vector.timestamp,
      });
    }
  });
});

describe('interoperability with the reference implementation (standardwebhooks)', () => {
  const bodies = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.json());
  const ids = fc.stringMatching(/^evt_[A-Za-z0-9]{1,30}$/);

  test('what it signs we verify, and what we sign it verifies', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), ids, bodies, (keyBytes, id, payload) => {
        const key = `whsec_${Buffer.from(keyBytes).toString('base64')}`;
        const reference = new Webhook(key);
        const timestamp = Math.floor(Date.now() / 1000);
        const theirs = reference.sign(id, new Date(timestamp * 1000), payload);
        const ours = signWebhook({ secret: key, id, timestamp, body: payload });
        expect(ours['webhook-signature']).toBe(theirs);
        expect(() => reference.verify(payload, { ...ours }, { jsonParse: false })).not.toThrow();
        const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': theirs };
        expect(verifyWebhook({ secret: key, headers, body: payload })).toEqual({ ok: true, id, timestamp });
      }),
      { numRuns: 300 },
    );
  });

  test('a generated secret is a valid whsec_ secret for the reference implementation', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
    const headers = signWebhook({ secret, id: 'evt_x', timestamp: Math.floor(Date.now() / 1000), body });
    expect(() => new Webhook(secret).verify(body, { ...headers })).not.toThrow();
  });
});

describe('verification', () => {
  test('a good delivery passes and reports the signed id and timestamp', () => {
    expect(verify(signed())).toEqual({ ok: true, id: 'evt_1', timestamp: now });
  });

  test('a Uint8Array body verifies like the same string', () => {
    expect(verify(signed(), { body: new TextEncoder().encode(body) }).ok).toBe(true);
    expect(signWebhook({ secret, id: 'evt_1', timestamp: now, body: new TextEncoder().encode(body) })).toEqual(
      signed(),
    );
  });

  test('one valid signature among invalid ones is enough; v2 entries are ignored', () => {
    const good = signed()['webhook-signature'];
    const goodValue = good.slice(3);
    const wrong = signed({ secret: otherSecret })['webhook-signature'];
    expect(verify({ ...signed(), 'webhook-signature': `${wrong} v2,${goodValue} ${good} v1,AAAA` }).ok).toBe(true);
    expect(verify({ ...signed(), 'webhook-signature': `  ${wrong}   ${good}  ` }).ok).toBe(true);
    expect(reasonOf(verify({ ...signed(), 'webhook-signature': `v2,${goodValue}` }))).toBe('no_matching_signature');
    expect(reasonOf(verify({ ...signed(), 'webhook-signature': `${wrong} v1a,${goodValue}` }))).toBe(
      'no_matching_signature',
    );
  });

  test.each<[string, () => ReturnType<typeof verifyWebhook>, VerifyFailure]>([
    ['tampered body', () => verify(signed(), { body: body.replace('1500', '15000') }), 'no_matching_signature'],
    [
      're-serialised body',
      () => verify(signed(), { body: JSON.stringify(JSON.parse(body), null, 1) }),
      'no_matching_signature',
    ],
    ['tampered id', () => verify({ ...signed(), 'webhook-id': 'evt_2' }), 'no_matching_signature'],
    [
      'tampered timestamp',
      () => verify({ ...signed(), 'webhook-timestamp': String(now - 1) }),
      'no_matching_signature',
    ],
    [
      'wrong secret',
      () => verify(signed(), { secret: 'whsec_' + Buffer.from('not the secret at all').toString('base64') }),
      'no_matching_signature',
    ],
    ["another subscription's secret", () => verify(signed(), { secret: otherSecret }), 'no_matching_signature'],
    ['stale: 301 s old', () => verify(signed({ timestamp: now - 301 })), 'too_old'],
    ['future: 301 s ahead', () => verify(signed({ timestamp: now + 301 })), 'too_new'],
    ['an hour old, even with a valid signature', () => verify(signed({ timestamp: now - 3600 })), 'too_old'],
    ['missing webhook-id', () => verify({ ...signed(), 'webhook-id': undefined }), 'missing_header'],
    ['missing webhook-timestamp', () => verify({ ...signed(), 'webhook-timestamp': undefined }), 'missing_header'],
    ['missing webhook-signature', () => verify({ ...signed(), 'webhook-signature': undefined }), 'missing_header'],
    ['blank webhook-signature', () => verify({ ...signed(), 'webhook-signature': '   ' }), 'missing_header'],
    ['no headers at all', () => verify({}), 'missing_header'],
    ['non-numeric timestamp', () => verify({ ...signed(), 'webhook-timestamp': 'yesterday' }), 'bad_timestamp'],
    ['fractional timestamp', () => verify({ ...signed(), 'webhook-timestamp': `${now}.5` }), 'bad_timestamp'],
    ['negative timestamp', () => verify({ ...signed(), 'webhook-timestamp': '-1' }), 'bad_timestamp'],
    [
      'timestamp in milliseconds',
      () => verify({ ...signed(), 'webhook-timestamp': String(now * 1000) }),
      'bad_timestamp',
    ],
    [
      'signature without a version',
      () => verify({ ...signed(), 'webhook-signature': signed()['webhook-signature'].slice(3) }),
      'malformed_signature',
    ],
    ['empty v1 entry', () => verify({ ...signed(), 'webhook-signature': 'v1,' }), 'malformed_signature'],
    ['not base64', () => verify({ ...signed(), 'webhook-signature': 'v1,!!not-base64!!' }), 'malformed_signature'],
    ['empty secret', () => verify(signed(), { secret: '' }), 'bad_secret'],
    ['prefix only', () => verify(signed(), { secret: 'whsec_' }), 'bad_secret'],
    ['secret that is not base64', () => verify(signed(), { secret: 'whsec_not base64!' }), 'bad_secret'],
  ])('%s → %s', (_name, run, reason) => {
    expect(reasonOf(run())).toBe(reason);
  });

  test(`exactly ${SIGNATURE_TOLERANCE_SECONDS} s either way is accepted`, () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(verify(signed({ timestamp: now - 300 })).ok).toBe(true);
    expect(verify(signed({ timestamp: now + 300 })).ok).toBe(true);
  });

  test('a custom tolerance and the real clock are honoured', () => {
    expect(
      reasonOf(verifyWebhook({ secret, headers: signed({ timestamp: now - 60 }), body, now, toleranceSeconds: 30 })),
    ).toBe('too_old');
    const fresh = signWebhook({ secret, id: 'evt_1', timestamp: Date.now() / 1000, body });
    expect(verifyWebhook({ secret, headers: fresh, body }).ok).toBe(true);
    expect(reasonOf(verifyWebhook({ secret, headers: signed({ timestamp: 1_000_000_000 }), body }))).toBe('too_old');
  });

  test('signing with a bad secret throws without echoing the secret', () => {
    expect(() => signWebhook({ secret: 'whsec_$$$secret$$$', id: 'evt_1', timestamp: now, body })).toThrow(
      /not a valid whsec_ secret/,
    );
    try {
      signWebhook({ secret: 'whsec_$$$secret$$$', id: 'evt_1', timestamp: now, body });
    } catch (error) {
      expect(String(error)).not.toContain('$$$secret$$$');
    }
  });

  test('every failure has words for a log, none of them carrying a secret or signature', () => {
    const reasons: VerifyFailure[] = [
      'bad_secret',
      'missing_header',
      'bad_timestamp',
      'too_old',
      'too_new',
      'malformed_signature',
      'no_matching_signature',
    ];
    expect(Object.keys(VERIFY_FAILURE_MESSAGES).sort()).toEqual([...reasons].sort());
    for (const reason of reasons)
      expect(VERIFY_FAILURE_MESSAGES[reason]).not.toMatch(/whsec_[A-Za-z0-9]|v1,[A-Za-z0-9]/);
  });
});

describe('header lookup', () => {
  test.each<[string, Record<string, string | string[]>]>([
    ['lower case', { 'webhook-id': 'evt_1' }],
    ['title case', { 'Webhook-Id': 'evt_1' }],
    ['upper case', { 'WEBHOOK-ID': 'evt_1' }],
    ["Zapier's Http- prefix", { 'Http-Webhook-Id': 'evt_1' }],
    ['CGI style', { HTTP_WEBHOOK_ID: 'evt_1' }],
    ['an array value', { 'webhook-id': ['evt_1'] }],
    ['surrounding spaces', { 'webhook-id': '  evt_1 ' }],
  ])('%s', (_name, headers) => {
    expect(webhookHeader(headers, 'webhook-id')).toBe('evt_1');
  });

  test('other headers do not match', () => {
    expect(webhookHeader({ 'x-webhook-id': 'a', 'webhook-idx': 'b', 'svix-id': 'c' }, 'webhook-id')).toBeUndefined();
  });

  test('a whole delivery as Zapier hands it over (Http- prefixed, title case) verifies', () => {
    const headers = signed();
    const zapier = {
      'Http-Webhook-Id': headers['webhook-id'],
      'Http-Webhook-Timestamp': headers['webhook-timestamp'],
      'Http-Webhook-Signature': headers['webhook-signature'],
      'Http-Content-Type': 'application/json',
    };
    expect(verify(zapier).ok).toBe(true);
  });

  test('several signature header values (repeated header) are combined', () => {
    const good = signed()['webhook-signature'];
    expect(verify({ ...signed(), 'webhook-signature': ['v1,AAAA', good] }).ok).toBe(true);
  });
});

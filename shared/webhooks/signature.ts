/**
 * Standard Webhooks v1 (contract: "Signing"): HMAC-SHA256 over `${id}.${timestamp}.${body}`, keyed with
 * the base64 part of a signing secret (WEBHOOK_SECRET_PREFIX), sent as a space-separated list
 * of `v1,<base64>` signatures.
 * One job, a tiny API; each failure has its own reason so a log can say why an event was refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../service';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type VerifyFailure =
  | 'bad_secret'
  | 'missing_header'
  | 'bad_timestamp'
  | 'too_old'
  | 'too_new'
  | 'malformed_signature'
  | 'no_matching_signature';

export type VerifyResult = { ok: true; id: string; timestamp: number } | { ok: false; reason: VerifyFailure };

export type HeaderBag = Record<string, string | string[] | undefined>;

/** A type, not an interface, so what signWebhook returns can be handed straight to verifyWebhook. */
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** Reads a webhook header whatever its case, also under Zapier's `Http-` prefix (`Http-Webhook-Id`). */
export function webhookHeader(headers: HeaderBag, name: keyof WebhookHeaders): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    const normal = key
      .toLowerCase()
      .replace(/^http[-_]/, '')
      .replace(/_/g, '-');
    if (normal !== name || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(' ') : value;
    return text.trim() || undefined;
  }
  return undefined;
}

function secretKey(secret: string): Buffer | undefined {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length ? key : undefined;
}

function hmac(key: Buffer, id: string, timestamp: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function signWebhook(options: {
  secret: string;
  id: string;
  timestamp: number;
  body: string | Uint8Array;
}): WebhookHeaders {
  const key = secretKey(options.secret);
  if (!key) throw new Error(`The webhook secret is not a valid ${WEBHOOK_SECRET_PREFIX} secret.`);
  const timestamp = String(Math.floor(options.timestamp));
  const signature = hmac(key, options.id, timestamp, options.body).toString('base64');
  return { 'webhook-id': options.id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/**
 * Verifies a delivery against the raw body exactly as received. `now` is Unix seconds (defaults to the
 * clock); timestamps more than 300 s away either way are refused, which bounds replays.
 */
export function verifyWebhook(options: {
  secret: string;
  headers: HeaderBag;
  body: string | Uint8Array;
  now?: number;
  toleranceSeconds?: number;
}): VerifyResult {
  const key = secretKey(options.secret);
  if (!key) return { ok: false, reason: 'bad_secret' };
  const id = webhookHeader(options.headers, 'webhook-id');
  const timestampText = webhookHeader(options.headers, 'webhook-timestamp');
  const signatures = webhookHeader(options.headers, 'webhook-signature');
  if (!id || !timestampText || !signatures) return { ok: false, reason: 'missing_header' };
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: 'bad_timestamp' };

  const timestamp = Number(timestampText);
  const now = Math.floor(options.now ?? Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (timestamp < now - tolerance) return { ok: false, reason: 'too_old' };
  if (timestamp > now + tolerance) return { ok: false, reason: 'too_new' };

  const expected = hmac(key, id, timestampText, options.body);
  let wellFormed = 0;
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (!value || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) continue;
    wellFormed += 1;
    if (version !== 'v1') continue;
    const given = Buffer.from(value, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true, id, timestamp };
  }
  return { ok: false, reason: wellFormed ? 'no_matching_signature' : 'malformed_signature' };
}

/** Words for logs and HTTP answers; never includes the secret or the signature. */
export const VERIFY_FAILURE_MESSAGES: Record<VerifyFailure, string> = {
  bad_secret: `the stored webhook secret is not a valid ${WEBHOOK_SECRET_PREFIX} secret; recreate the subscription`,
  missing_header: 'the webhook-id, webhook-timestamp or webhook-signature header is missing',
  bad_timestamp: 'the webhook-timestamp header is not a Unix time in seconds',
  too_old:
    `the webhook-timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s in the past ` + `(a replay, or a slow clock)`,
  too_new: `the webhook-timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} s in the future (check the clock)`,
  malformed_signature: 'the webhook-signature header holds no v1,<base64> signature',
  no_matching_signature: "no signature matches this body with this subscription's secret",
};

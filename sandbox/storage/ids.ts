import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text; 62 does not divide 256, so the slight bias is irrelevant for identifiers. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Stripe-style identifiers (`inv_…`, `cli_…`): the prefix tells a reader in a log what the id names. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(20)}`;
}

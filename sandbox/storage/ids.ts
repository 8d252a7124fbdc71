import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text; 62 does not divide 256, so the slight bias is irrelevant for identifiers. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Ids handed out before random ones, by prefix, in order: only while `withIds` runs. */
const planned = new Map<string, string[]>();

/** Stripe-style identifiers (`inv_…`, `cli_…`): the prefix tells a reader in a log what the id names. */
export function newId(prefix: string): string {
  return planned.get(prefix)?.shift() ?? `${prefix}_${randomToken(20)}`;
}

/**
 * Runs `make` with these ids given to the first objects of their prefix it makes (the example objects'
 * fixed ids, sandbox/examples.ts). Synchronous, so no other request's object can take one; every id must be
 * used, so a change in what `make` creates fails here rather than leaving an example naming nothing.
 */
export function withIds<T>(ids: readonly string[], make: () => T): T {
  for (const id of ids) {
    const prefix = id.slice(0, id.indexOf('_'));
    planned.set(prefix, [...(planned.get(prefix) ?? []), id]);
  }
  try {
    const made = make();
    const unused = [...planned.values()].flat();
    if (unused.length) throw new Error(`withIds: ${unused.join(', ')} not used`);
    return made;
  } finally {
    planned.clear();
  }
}

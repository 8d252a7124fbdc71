/** Find Client by e-mail; undefined when there is none. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { CLIENT_LABELS } from '../outputs';
import { sampleClient } from '../samples';
import { emailInput } from '../schemas/primitives';
import type { Client } from '../schemas/resources';
import { validateGiven } from '../validation';
import { fieldsOf, runOperation, type Connection, type Send } from './define';
import { listClients } from './listClients';

/**
 * The list filters (`email=`, `number=`) are trusted only as far as the answer shows: a service that
 * ignored one must not get another client patched by an upsert, or another invoice returned by a search.
 */
export function sameText(found: string, wanted: unknown): boolean {
  return typeof wanted === 'string' && found.trim().toLowerCase() === wanted.trim().toLowerCase();
}

const input = z.object({ email: emailInput });

/** For callers holding an already valid e-mail (the upsert). */
export async function clientByEmail(connection: Connection, email: string, send: Send): Promise<Client | undefined> {
  const page = await runOperation(listClients, connection, { email, limit: 1 }, send);
  return page.data.find((client) => sameText(client.email, email));
}

export const findClient = {
  input,
  fields: fieldsOf(input, [FIELDS.client.email]),
  labels: CLIENT_LABELS,
  sample: sampleClient,
  run: (connection: Connection, raw: unknown, send: Send) =>
    clientByEmail(connection, validateGiven(input, raw ?? {}).email, send),
};

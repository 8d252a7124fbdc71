/**
 * Create or Update Client by e-mail (contract: a connector operation built from find + create/patch).
 * A create that loses a race to another one (409 client_exists) falls back to the update.
 */
import { ApiError } from '../errors';
import type { Client } from '../schemas/resources';
import { createClient } from './createClient';
import { runOperation, type Connection, type Send } from './define';
import { clientByEmail } from './findClient';
import { getClient } from './getClient';
import { updateClient } from './updateClient';

async function run(connection: Connection, raw: unknown, send: Send): Promise<{ client: Client; created: boolean }> {
  const { idempotency_key: _key, ...input } = createClient.validate(raw);
  const update = async (clientId: string) => {
    const { email: _email, ...changes } = input;
    const hasChanges = Object.values(changes).some((value) => value !== undefined);
    const client = hasChanges
      ? await runOperation(updateClient, connection, { client_id: clientId, ...changes }, send)
      : await runOperation(getClient, connection, { client_id: clientId }, send);
    return { client, created: false };
  };
  const existing = await clientByEmail(connection, input.email, send);
  if (existing) return update(existing.id);
  try {
    return { client: await runOperation(createClient, connection, input, send), created: true };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'client_exists')) throw error;
    const raced = await clientByEmail(connection, input.email, send);
    if (!raced) throw error;
    return update(raced.id);
  }
}

export const upsertClient = {
  input: createClient.input,
  fields: createClient.fields,
  labels: createClient.labels,
  sample: createClient.sample,
  run,
};

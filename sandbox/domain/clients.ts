import { type Client, type ClientCreateInput, fieldLabel } from '../../shared';
import { newId } from '../storage/ids';
import { isoNow } from '../storage/records';
import type { Context } from './context';
import { recordEvent } from './eventLog';
import { Problem, orNotFound } from './problems';
import { withPlaceOfSupply } from './tax';

function emailTaken(ctx: Context, email: string, except?: string): void {
  const existing = ctx.data.clients.findOne({ email: email.toLowerCase() });
  if (existing && existing.id !== except) {
    throw new Problem(
      409,
      'client_exists',
      `A client with the e-mail ${email} already exists (${existing.id}); update that client instead.`,
      [{ param: 'email', message: `${fieldLabel('email')} ${email} already belongs to client ${existing.id}` }],
    );
  }
}

/** Also used when an invoice names a client e-mail the sandbox has not seen yet. */
export function createClient(ctx: Context, input: ClientCreateInput): Client {
  emailTaken(ctx, input.email);
  const now = isoNow();
  const client: Client = withPlaceOfSupply({
    id: newId('cli'),
    object: 'client',
    ...input,
    created_at: now,
    updated_at: now,
  });
  ctx.data.store.transaction(() => {
    ctx.data.clients.insert(client);
    recordEvent(ctx, 'client.created', { client });
  });
  return client;
}

/** The old value of every top-level field the change moves (contract: Stripe's `previous_attributes`). */
function previousAttributes(client: Client, changes: Record<string, unknown>): Record<string, unknown> {
  const moved = Object.entries(changes).filter(
    ([key, value]) => JSON.stringify(client[key] ?? null) !== JSON.stringify(value),
  );
  return Object.fromEntries(moved.map(([key]) => [key, client[key] ?? null]));
}

/** The client after `changes` (fields left undefined stay as they are), with `client.updated` when anything moved. */
export function updateClient(ctx: Context, client: Client, input: Record<string, unknown>): Client {
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // A new GSTIN moves the place of supply with it unless one is given beside it.
  const changes =
    given.gstin && !given.place_of_supply ? { ...given, place_of_supply: String(given.gstin).slice(0, 2) } : given;
  if (changes.email) emailTaken(ctx, String(changes.email), client.id);
  const previous = previousAttributes(client, changes);
  // A change that moves nothing is not a change: no new updated_at, no client.updated.
  if (!Object.keys(previous).length) return client;
  const updated: Client = { ...client, ...changes, updated_at: isoNow() };
  ctx.data.store.transaction(() => {
    ctx.data.clients.replace(updated);
    recordEvent(ctx, 'client.updated', { client: updated, previous_attributes: previous });
  });
  return updated;
}

export const clientOr404 = (ctx: Context, id: string): Client => orNotFound(ctx.data.clients.get(id), 'client', id);

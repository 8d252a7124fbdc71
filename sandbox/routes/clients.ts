import {
  type Client, type ClientCreateInput, clientCreateInputSchema, clientUpdateInputSchema, listClientsQuerySchema,
  operations, validateInput,
} from '../../shared';
import type { Context } from '../context';
import { isoNow } from '../data';
import { newId } from '../ids';
import { Problem, orNotFound } from '../problems';
import type { Router } from '../router';
import { recordEvent } from './events';
import { listPage, searchWhere } from './lists';

function emailTaken(ctx: Context, email: string, except?: string): void {
  const existing = ctx.data.clients.findOne({ email: email.toLowerCase() });
  if (existing && existing.id !== except) {
    throw new Problem(409, 'client_exists', `A client with the e-mail ${email} already exists (${existing.id}); update that client instead.`,
      [{ param: 'email', message: `Client Email ${email} already belongs to client ${existing.id}` }]);
  }
}

/** Also used when an invoice names a client e-mail the sandbox has not seen yet. */
export function createClient(ctx: Context, input: ClientCreateInput): Client {
  emailTaken(ctx, input.email);
  const now = isoNow();
  const client: Client = { id: newId('cli'), object: 'client', ...input, created_at: now, updated_at: now };
  ctx.data.store.transaction(() => {
    ctx.data.clients.insert(client);
    recordEvent(ctx, 'client.created', { client });
  });
  return client;
}

/** The old value of every top-level field the change moves (contract: Stripe's `previous_attributes`). */
function previousAttributes(client: Client, changes: Record<string, unknown>): Record<string, unknown> {
  const moved = Object.entries(changes).filter(([key, value]) => JSON.stringify(client[key] ?? null) !== JSON.stringify(value));
  return Object.fromEntries(moved.map(([key]) => [key, client[key] ?? null]));
}

const clientOr404 = (ctx: Context, id: string): Client => orNotFound(ctx.data.clients.get(id), 'client', id);

export function clientRoutes(router: Router): void {
  const { createClient: create, getClient, updateClient, listClients } = operations;
  router
    .on(create.method, create.route, (req, ctx) =>
      ({ status: 201, body: createClient(ctx, validateInput(clientCreateInputSchema, req.body)) }))
    .on(getClient.method, getClient.route, (req, ctx) => ({ status: 200, body: clientOr404(ctx, req.params.client_id) }))
    .on(updateClient.method, updateClient.route, (req, ctx) => {
      const client = clientOr404(ctx, req.params.client_id);
      const changes = Object.fromEntries(Object.entries(validateInput(clientUpdateInputSchema, req.body))
        .filter(([, value]) => value !== undefined));
      if (changes.email) emailTaken(ctx, String(changes.email), client.id);
      const previous = previousAttributes(client, changes);
      // A change that moves nothing is not a change: no new updated_at, no client.updated.
      if (!Object.keys(previous).length) return { status: 200, body: client };
      const updated: Client = { ...client, ...changes, updated_at: isoNow() };
      ctx.data.store.transaction(() => {
        ctx.data.clients.replace(updated);
        recordEvent(ctx, 'client.updated', { client: updated, previous_attributes: previous });
      });
      return { status: 200, body: updated };
    })
    .on(listClients.method, listClients.route, (req, ctx) => {
      const query = validateInput(listClientsQuerySchema, req.query);
      const where = { email: query.email?.toLowerCase(), ...searchWhere(['name', 'email', 'company'], query.search) };
      return { status: 200, body: listPage(ctx.data.clients, query, where, (c) => c) };
    });
}

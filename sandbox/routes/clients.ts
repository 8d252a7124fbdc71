import {
  type Client, type ClientCreateInput, clientCreateInputSchema, clientUpdateInputSchema, listClientsQuerySchema,
  validateInput,
} from '../../shared';
import type { Context } from '../context';
import { isoNow } from '../data';
import { newId } from '../ids';
import { Problem, orNotFound } from '../problems';
import type { Router } from '../router';
import { listPage } from './lists';

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
  ctx.data.clients.insert(client);
  return client;
}

const clientOr404 = (ctx: Context, id: string): Client => orNotFound(ctx.data.clients.get(id), 'client', id);

export function clientRoutes(router: Router): void {
  router
    .on('POST', '/v1/clients', (req, ctx) =>
      ({ status: 201, body: createClient(ctx, validateInput(clientCreateInputSchema, req.body)) }))
    .on('GET', '/v1/clients/:id', (req, ctx) => ({ status: 200, body: clientOr404(ctx, req.params.id) }))
    .on('PATCH', '/v1/clients/:id', (req, ctx) => {
      const client = clientOr404(ctx, req.params.id);
      const changes = Object.fromEntries(Object.entries(validateInput(clientUpdateInputSchema, req.body))
        .filter(([, value]) => value !== undefined));
      if (changes.email) emailTaken(ctx, String(changes.email), client.id);
      const updated: Client = { ...client, ...changes, updated_at: isoNow() };
      ctx.data.clients.replace(updated);
      return { status: 200, body: updated };
    })
    .on('GET', '/v1/clients', (req, ctx) => {
      const query = validateInput(listClientsQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.clients, query, { email: query.email?.toLowerCase() }, (c) => c) };
    });
}

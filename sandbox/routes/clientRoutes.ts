import {
  clientCreateInputSchema,
  clientUpdateInputSchema,
  listClientsQuerySchema,
  operations,
  validateInput,
} from '../../shared';
import { clientOr404, createClient, updateClient } from '../domain/clients';
import type { Router } from './router';
import { listPage } from './listPage';
import { containsWords } from '../storage/documentFilters';

export function clientRoutes(router: Router): void {
  const { createClient: create, getClient, updateClient: update, listClients } = operations;
  router
    .on(create.method, create.route, (req, ctx) => ({
      status: 201,
      body: createClient(ctx, validateInput(clientCreateInputSchema, req.body)),
    }))
    .on(getClient.method, getClient.route, (req, ctx) => ({
      status: 200,
      body: clientOr404(ctx, req.params.client_id),
    }))
    .on(update.method, update.route, (req, ctx) => {
      const client = clientOr404(ctx, req.params.client_id);
      return { status: 200, body: updateClient(ctx, client, validateInput(clientUpdateInputSchema, req.body)) };
    })
    .on(listClients.method, listClients.route, (req, ctx) => {
      const query = validateInput(listClientsQuerySchema, req.query);
      const where = { email: query.email?.toLowerCase(), ...containsWords(['name', 'email', 'company'], query.search) };
      return { status: 200, body: listPage(ctx.data.clients, query, where, (c) => c) };
    });
}

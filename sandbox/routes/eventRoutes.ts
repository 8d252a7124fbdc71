import { listEventsQuerySchema, operations, validateInput } from '../../shared';
import { eventOr404 } from '../domain/eventLog';
import type { Router } from './router';
import { listPage } from './listPage';

export function eventRoutes(router: Router): void {
  router
    .on(operations.listEvents.method, operations.listEvents.route, (req, ctx) => {
      const query = validateInput(listEventsQuerySchema, req.query);
      return { status: 200, body: listPage(ctx.data.events, query, { type: query.type }, (e) => e) };
    })
    .on('GET', '/v1/events/:id', (req, ctx) => ({ status: 200, body: eventOr404(ctx, req.params.id) }));
}

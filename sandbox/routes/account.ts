import type { Context } from '../context';
import type { Router } from '../router';

export function accountRoutes(router: Router): void {
  router.on('GET', '/v1/account', (_req, ctx: Context) => ({ status: 200, body: ctx.account }));
}

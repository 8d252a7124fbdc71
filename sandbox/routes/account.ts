import type { Context } from '../context';
import type { Router } from '../router';

export function accountRoutes(router: Router, ctx: Context): void {
  router.on('GET', '/v1/account', () => ({ status: 200, body: ctx.account }));
}

import { operations } from '../../shared';
import type { Context } from '../domain/context';
import type { Router } from './router';

export function accountRoutes(router: Router): void {
  const { getAccount } = operations;
  router.on(getAccount.method, getAccount.route, (_req, ctx: Context) => ({ status: 200, body: ctx.account }));
}

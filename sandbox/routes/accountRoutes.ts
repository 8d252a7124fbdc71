import { operations } from '../../shared';
import { updateAccountSettings } from '../domain/accountSettings';
import type { Context } from '../domain/context';
import type { Router } from './router';

/** The path the dashboard's Settings page and tests set the supplier's GSTIN and address at (sandbox-only). */
export const ACCOUNT_SETTINGS_PATH = '/v1/test_helpers/account';

export function accountRoutes(router: Router): void {
  const { getAccount } = operations;
  router
    .on(getAccount.method, getAccount.route, (_req, ctx: Context) => ({ status: 200, body: ctx.account }))
    .on('PATCH', ACCOUNT_SETTINGS_PATH, (req, ctx: Context) => ({
      status: 200,
      body: ctx.data.store.transaction(() =>
        updateAccountSettings(ctx.core.data.accounts, ctx.account, req.body ?? {}),
      ),
    }));
}

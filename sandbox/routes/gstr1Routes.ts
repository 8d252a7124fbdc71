/** The month's GSTR-1 (contract: "GSTR-1 (issue 41)"). */
import { operations } from '../../shared';
import { gstr1For } from '../domain/gstr1';
import type { Router } from './router';

export function gstr1Routes(router: Router): void {
  const { getGstr1 } = operations;
  router.on(getGstr1.method, getGstr1.route, (req, ctx) => ({
    status: 200,
    body: gstr1For(ctx, req.query.period ?? ''),
  }));
}

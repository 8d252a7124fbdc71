import { z } from 'zod';
import { validateInput } from '../../shared';
import { createAccount, issueKey, publicKey, revokeKey } from '../domain/accounts';
import { Problem } from '../domain/problems';
import type { Router } from './router';

const createKeyInputSchema = z.object({ new_account: z.boolean().optional() }).strict();

/**
 * Sandbox-only: issuing and revoking keys over HTTP, for the dashboard's Keys page and for tests that need
 * a second key (its own rate-limit bucket) or a second, isolated account.
 */
export function keyRoutes(router: Router): void {
  router
    .on('GET', '/v1/test_helpers/api_keys', (_req, ctx) => ({
      status: 200,
      body: {
        object: 'list',
        data: ctx.core.data.accounts
          .activeKeys(ctx.account.id)
          .map((key) => ({ ...publicKey(key), current: key.id === ctx.apiKeyId })),
        has_more: false,
      },
    }))
    .on('POST', '/v1/test_helpers/api_keys', (req, ctx) => {
      const input = validateInput(createKeyInputSchema, req.body ?? {});
      const { accounts } = ctx.core.data;
      const issued = ctx.data.store.transaction(() =>
        issueKey(accounts, input.new_account ? createAccount(accounts) : ctx.account),
      );
      return { status: 201, body: issued };
    })
    .on('DELETE', '/v1/test_helpers/api_keys/:id', (req, ctx) => {
      if (req.params.id === ctx.apiKeyId) {
        throw new Problem(
          409,
          'key_in_use',
          'This is the key making the request; revoke it with another key of the same account.',
        );
      }
      const revoked = revokeKey(ctx.core.data.accounts, ctx.account.id, req.params.id);
      if (!revoked)
        throw new Problem(404, 'not_found', `No active API key with ID ${req.params.id} exists in this account.`);
      return { status: 204 };
    });
}

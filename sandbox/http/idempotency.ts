import { createHash } from 'node:crypto';
import { IdempotencyTable } from '../storage/idempotencyTable';
import type { Store } from '../storage/store';
import { Problem } from '../domain/problems';
import type { Reply } from '../routes/router';

const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Idempotency keys (contract: "same key and same body within 24 h returns the first response; same key
 * with another body → 422"). The fingerprint covers method, path and the parsed body, so re-serialised
 * JSON with other spacing still counts as the same request. Keys belong to an account: another account
 * sending the same key makes a request of its own.
 */
export class IdempotencyKeys {
  private readonly table: IdempotencyTable;

  constructor(store: Store) {
    this.table = new IdempotencyTable(store);
  }

  run(accountId: string, key: string, method: string, path: string, body: unknown, handle: () => Reply): Reply {
    const fingerprint = createHash('sha256')
      .update(`${method} ${path} ${JSON.stringify(body ?? null)}`)
      .digest('hex');
    const now = Date.now();
    const row = this.table.get(accountId, key);
    if (row && row.created_at > now - RETENTION_MS) {
      if (row.fingerprint !== fingerprint) {
        throw new Problem(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request in the last 24 hours; ' +
            'use a new key for a new request.',
        );
      }
      if (row.state !== 'done') {
        throw new Problem(
          409,
          'idempotency_in_progress',
          'A request with this Idempotency-Key is still being processed; retry in a moment.',
          undefined,
          { 'retry-after': '1' },
        );
      }
      return {
        status: Number(row.status),
        body: row.body === null ? undefined : JSON.parse(row.body),
        headers: { 'idempotent-replayed': 'true' },
      };
    }
    this.table.start(accountId, key, fingerprint, now);
    let reply: Reply | undefined;
    try {
      reply = handle();
      return reply;
    } finally {
      // Answers worth repeating are kept; failures a retry may cure (429, 5xx, a crash) free the key.
      if (reply && reply.status < 500 && reply.status !== 429) {
        this.table.finish(accountId, key, reply.status, reply.body === undefined ? null : JSON.stringify(reply.body));
      } else {
        this.table.release(accountId, key);
      }
    }
  }
}

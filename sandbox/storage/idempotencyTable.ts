import type { Store } from './store';

export interface IdempotencyRow {
  fingerprint: string;
  state: 'in_progress' | 'done';
  status: number | null;
  /** The answer's JSON text, or null for an answer without a body. */
  body: string | null;
  /** Epoch ms. */
  created_at: number;
}

/** Idempotency keys as stored, one row per account and key (http/idempotency.ts has the rules). */
export class IdempotencyTable {
  constructor(private readonly store: Store) {
    store.db.exec(`CREATE TABLE IF NOT EXISTS idempotency (account_id TEXT NOT NULL, key TEXT NOT NULL,
      fingerprint TEXT NOT NULL, state TEXT NOT NULL, status INTEGER, body TEXT, created_at INTEGER NOT NULL,
      PRIMARY KEY (account_id, key))`);
  }

  get(accountId: string, key: string): IdempotencyRow | undefined {
    const row = this.store.statement('SELECT * FROM idempotency WHERE account_id = ? AND key = ?').get(accountId, key);
    return (
      row && {
        fingerprint: String(row.fingerprint),
        state: row.state === 'done' ? 'done' : 'in_progress',
        status: row.status === null ? null : Number(row.status),
        body: row.body === null ? null : String(row.body),
        created_at: Number(row.created_at),
      }
    );
  }

  /** Claims the key for a request now being handled (replacing an expired row). */
  start(accountId: string, key: string, fingerprint: string, now: number): void {
    this.store
      .statement(
        `INSERT INTO idempotency (account_id, key, fingerprint, state, created_at)
      VALUES (?, ?, ?, 'in_progress', ?) ON CONFLICT(account_id, key) DO UPDATE SET ` +
          'fingerprint = excluded.fingerprint, state = excluded.state, created_at = excluded.created_at',
      )
      .run(accountId, key, fingerprint, now);
  }

  finish(accountId: string, key: string, status: number, body: string | null): void {
    this.store
      .statement("UPDATE idempotency SET state = 'done', status = ?, body = ? WHERE account_id = ? AND key = ?")
      .run(status, body, accountId, key);
  }

  release(accountId: string, key: string): void {
    this.store.statement('DELETE FROM idempotency WHERE account_id = ? AND key = ?').run(accountId, key);
  }
}

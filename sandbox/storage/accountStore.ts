import type { Account } from '../../shared';
import type { ApiKeyRecord } from './records';
import type { Collection, Store } from './store';

/** The accounts and api_keys tables: how they are read and written (domain/accounts.ts has the rules). */
export class AccountStore {
  constructor(
    private readonly store: Store,
    private readonly accounts: Collection<Account>,
    private readonly keys: Collection<ApiKeyRecord>,
  ) {}

  /** The account made at first start. */
  first(): Account | undefined {
    return this.all(1)[0];
  }

  /** Oldest first. */
  all(limit = -1): Account[] {
    return this.store
      .statement('SELECT doc FROM accounts ORDER BY seq LIMIT ?')
      .all(limit)
      .map((row) => JSON.parse(String(row.doc)) as Account);
  }

  count(): number {
    return Number(this.store.statement('SELECT COUNT(*) AS n FROM accounts').get()?.n ?? 0);
  }

  get(id: string): Account | undefined {
    return this.accounts.get(id);
  }

  insert(account: Account): void {
    this.accounts.insert(account, account.id);
  }

  /** Rewrites the account (its settings); its id and keys stay. */
  replace(account: Account): void {
    this.accounts.replace(account, account.id);
  }

  insertKey(record: ApiKeyRecord, accountId: string): void {
    this.keys.insert(record, accountId);
  }

  /** The key with this secret that is not revoked, and its account. */
  activeKey(secret: string): { account: Account; key: ApiKeyRecord } | undefined {
    const key = this.keys.select('secret = ? AND revoked_at IS NULL', secret)[0];
    const accountId = key && this.keys.accountOf(key.id);
    const account = accountId === undefined ? undefined : this.accounts.get(accountId);
    return key && account ? { account, key } : undefined;
  }

  /** The account's keys not revoked, oldest first. */
  activeKeys(accountId: string): ApiKeyRecord[] {
    return this.keys.of(accountId).select('revoked_at IS NULL ORDER BY seq');
  }

  key(accountId: string, keyId: string): ApiKeyRecord | undefined {
    return this.keys.of(accountId).get(keyId);
  }

  replaceKey(accountId: string, record: ApiKeyRecord): void {
    this.keys.of(accountId).replace(record);
  }
}

import { type Account, KEY_PREFIX } from '../../shared';
import { isoNow } from '../storage/collections';
import { newId, randomToken } from '../storage/ids';
import type { Collection, Store } from '../storage/store';

/** An issued test key as stored. The database keeps it in clear (it is 0600 and outside the work tree). */
export interface ApiKeyRecord {
  id: string;
  object: 'api_key';
  secret: string;
  created_at: string;
  revoked_at: string | null;
}

/** What the API shows of a key: never the key itself, which is shown once, when it is issued. */
export interface PublicApiKey {
  id: string;
  object: 'api_key';
  /** `ik_test_…` and its last four characters, enough to tell keys apart. */
  preview: string;
  created_at: string;
}

export interface IssuedKey extends PublicApiKey {
  /** The key itself: shown in this answer only. */
  secret: string;
  account: Account;
}

const KEY_LENGTH = 24;
/** Issued keys are exactly this long; anything else cannot be one, so it is refused before a lookup. */
export const ISSUED_KEY = new RegExp(`^${KEY_PREFIX.test}[A-Za-z0-9]{${KEY_LENGTH}}$`);

export function keyPreview(secret: string): string {
  return `${KEY_PREFIX.test}…${secret.slice(-4)}`;
}

export function publicKey(record: ApiKeyRecord): PublicApiKey {
  return { id: record.id, object: 'api_key', preview: keyPreview(record.secret), created_at: record.created_at };
}

/**
 * Accounts and the keys that open them. Every key belongs to one account and sees only that account's
 * data; an account may hold several keys (each has its own rate-limit bucket).
 */
export class Accounts {
  constructor(private readonly store: Store, private readonly accounts: Collection<Account>,
    private readonly keys: Collection<ApiKeyRecord>) {}

  /** The account made at first start: the one the printed key and `keys create` use unless told otherwise. */
  first(): Account | undefined {
    return this.store.statement('SELECT doc FROM accounts ORDER BY seq LIMIT 1').all()
      .map((row) => JSON.parse(String(row.doc)) as Account)[0];
  }

  get(id: string): Account | undefined {
    return this.accounts.get(id);
  }

  create(): Account {
    const count = Number(this.store.statement('SELECT COUNT(*) AS n FROM accounts').get()?.n ?? 0) + 1;
    const id = newId('acct');
    const account: Account = { id, object: 'account', name: count === 1 ? 'Sandbox account' : `Sandbox account ${count}`,
      email: count === 1 ? 'sandbox@invoicing.example' : `sandbox+${count}@invoicing.example`, livemode: false };
    this.accounts.insert(account, id);
    return account;
  }

  /** A new key for `account` (default: the first account, made now if there is none). */
  issue(account: Account = this.first() ?? this.create(), secret = `${KEY_PREFIX.test}${randomToken(KEY_LENGTH)}`): IssuedKey {
    const record: ApiKeyRecord = { id: newId('key'), object: 'api_key', secret, created_at: isoNow(), revoked_at: null };
    this.keys.insert(record, account.id);
    return { ...publicKey(record), secret, account };
  }

  /** The account a key opens, or undefined for a key this sandbox never issued or has revoked. */
  open(secret: string): { account: Account; key: ApiKeyRecord } | undefined {
    const key = this.keys.select('secret = ? AND revoked_at IS NULL', secret)[0];
    const accountId = key && this.keys.accountOf(key.id);
    const account = accountId === undefined ? undefined : this.accounts.get(accountId);
    return key && account ? { account, key } : undefined;
  }

  /** The account's keys still in force, oldest first. */
  active(accountId: string): ApiKeyRecord[] {
    return this.keys.of(accountId).select('revoked_at IS NULL ORDER BY seq');
  }

  revoke(accountId: string, keyId: string): ApiKeyRecord | undefined {
    const scoped = this.keys.of(accountId);
    const record = scoped.get(keyId);
    if (!record || record.revoked_at) return undefined;
    const revoked = { ...record, revoked_at: isoNow() };
    scoped.replace(revoked);
    return revoked;
  }
}

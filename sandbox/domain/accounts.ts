import { type Account, IST, KEY_PREFIX, gstinCheckCharacter } from '../../shared';
import type { AccountStore } from '../storage/accountStore';
import { newId, randomToken } from '../storage/ids';
import { type ApiKeyRecord, isoNow } from '../storage/records';

/** What the API shows of a key: never the key itself, which is shown once, when it is issued. */
export interface PublicApiKey {
  id: string;
  object: 'api_key';
  /** The test-key prefix, an ellipsis and the key's last four characters: enough to tell keys apart. */
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

/*
 * Accounts and the keys that open them. Every key belongs to one account and sees only that account's
 * data; an account may hold several keys (each has its own rate-limit bucket).
 */

/**
 * Each sandbox account is a GST-registered supplier in Maharashtra (27), with a made-up GSTIN whose check
 * character is right, so tax invoices work from the first start (contract: "Place of supply and supply type").
 */
function sandboxGstin(count: number): string {
  const first14 = `27AAACS${String(count % 10_000).padStart(4, '0')}K1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

export function createAccount(accounts: AccountStore): Account {
  const count = accounts.count() + 1;
  const gstin = sandboxGstin(count);
  const account: Account = {
    id: newId('acct'),
    object: 'account',
    name: count === 1 ? 'Sandbox account' : `Sandbox account ${count}`,
    email: count === 1 ? 'sandbox@invoicing.example' : `sandbox+${count}@invoicing.example`,
    livemode: false,
    gstin,
    state: gstin.slice(0, 2),
    // Made up, in the GSTIN's state, so a tax invoice prints a supplier's address from the first start.
    address: { line1: '1 Example Road', city: 'Pune', state: 'Maharashtra', postal_code: '411001', country: 'IN' },
    // Dates are read in India's time, and its invoices' UPI links pay this VPA.
    time_zone: IST,
    upi_vpa: count === 1 ? 'sandbox@okicici' : `sandbox${count}@okicici`,
  };
  accounts.insert(account);
  return account;
}

/** A new key for `account` (default: the first account, made now if there is none). */
export function issueKey(
  accounts: AccountStore,
  account: Account = accounts.first() ?? createAccount(accounts),
  secret = `${KEY_PREFIX.test}${randomToken(KEY_LENGTH)}`,
): IssuedKey {
  const record: ApiKeyRecord = { id: newId('key'), object: 'api_key', secret, created_at: isoNow(), revoked_at: null };
  accounts.insertKey(record, account.id);
  return { ...publicKey(record), secret, account };
}

/** The key, revoked now; undefined when the account has no such key in force. */
export function revokeKey(accounts: AccountStore, accountId: string, keyId: string): ApiKeyRecord | undefined {
  const record = accounts.key(accountId, keyId);
  if (!record || record.revoked_at) return undefined;
  const revoked = { ...record, revoked_at: isoNow() };
  accounts.replaceKey(accountId, revoked);
  return revoked;
}

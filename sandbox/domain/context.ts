import type { Account } from '../../shared';
import type { AccountData, Data } from '../storage/collections';
import type { DeliveryEngine } from '../delivery/engine';

/** What the whole sandbox shares: every account's data, the delivery engine, its own address. */
export interface SandboxCore {
  data: Data;
  engine: DeliveryEngine;
  /** An absolute URL on this sandbox (known only once it listens). */
  publicUrl(path: string): string;
  /** The port the sandbox listens on (webhooks may not point back at it). */
  ownPort(): number;
}

/** What one API call's handler may use: only the calling key's account's data. */
export interface Context {
  data: AccountData;
  engine: DeliveryEngine;
  account: Account;
  /** The id of the key making the call (a key cannot revoke itself). */
  apiKeyId: string;
  /** Accounts and keys, for the key routes. */
  core: SandboxCore;
  publicUrl(path: string): string;
}

export function contextFor(core: SandboxCore, account: Account, apiKeyId: string): Context {
  return {
    data: core.data.forAccount(account.id),
    engine: core.engine,
    account,
    apiKeyId,
    core,
    publicUrl: core.publicUrl,
  };
}

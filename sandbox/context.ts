import type { Account } from '../shared';
import type { Data } from './data';
import type { DeliveryEngine } from './delivery';

/** What every route handler may use. */
export interface Context {
  data: Data;
  engine: DeliveryEngine;
  account: Account;
  /** An absolute URL on this sandbox (known only once it listens). */
  publicUrl(path: string): string;
}

/** What every row gets: the run's client, what it made, and the receiver; and what a row is. */
import type { Receiver } from '../../sandbox/webhookReceiver/receiver';
import type { answerChecker } from '../answers';
import type { Document, FieldWalker } from './fields';
import type { Client } from './http';
import type { Verdict } from './verdict';
import type { World } from './world';

export interface Context {
  client: Client;
  key: string;
  /** Recognisable in every name, e-mail and description this run creates. */
  tag: string;
  checker: ReturnType<typeof answerChecker>;
  walker: FieldWalker;
  document: Document;
  apiVersion: string;
  receiver: Receiver;
  /** The receiver's URL as the deployment should call it. */
  receiverUrl: string;
  /** How long to wait for a delivery, and for the retry after a 500. */
  deliveryWaitMs: number;
  retryWaitMs: number;
  /** Webhooks this run registered and has not removed yet: removed at the end, on Ctrl-C and on failure. */
  webhooks: Set<string>;
  /** Set once the run is closing (Ctrl-C): nothing more is registered, and what is still answered is removed. */
  closed?: boolean;
  /** A registration still waiting for its answer. */
  inFlight?: Promise<unknown>;
  progress(line: string): void;
  world: World;
}

export type Kind =
  | 'protocol'
  | 'request'
  | 'filter'
  | 'paging'
  | 'idempotency'
  | 'event'
  | 'catch-up'
  | 'replay'
  | 'field'
  | 'tax'
  | 'due-date'
  | 'refusal'
  | 'document';

export interface Assumption {
  id: string;
  kind: Kind;
  says: string;
  /** An anchor in docs/api-contract.md. */
  decidedIn: string;
  ifDiffers: string;
  /**
   * Rows whose assumption this one stands on: when one differs, this one is not checkable rather than
   * differing too.
   */
  dependsOn?: string[];
  run(ctx: Context, verdict: Verdict): Promise<void>;
}

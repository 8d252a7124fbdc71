/** What one platform made of the deliveries it got, in arrival order, for the summary and its checks. */
import type { FlatEventRecord } from '../shared';

export interface Receipts {
  /** Deliveries that reached the platform's URL(s), repeats included. */
  deliveries: number;
  /** One record per event: the runs (Zaps, workflow executions) that started. */
  records: FlatEventRecord[];
  /** Deliveries of an event already received, recognised by its id and started nothing. */
  repeats: number;
  /** Deliveries whose signature did not verify. */
  rejected: number;
}

/** A delivery as the platform's trigger judged it: its record, or undefined when refused. */
export type Judged = { record: FlatEventRecord } | { refused: true };

/** Keeps the first record of each event id; a later one is a repeat (the sandbox's duplicates). */
export function tally(judged: Judged[]): Receipts {
  const records: FlatEventRecord[] = [];
  const seen = new Set<string>();
  let repeats = 0;
  let rejected = 0;
  for (const item of judged) {
    if (!('record' in item)) {
      rejected += 1;
    } else if (seen.has(item.record.id)) {
      repeats += 1;
    } else {
      seen.add(item.record.id);
      records.push(item.record);
    }
  }
  return { deliveries: judged.length, records, repeats, rejected };
}

/** The body of a delivery with its amount due raised by one minor unit, as a forger would. */
export function tamper(rawBody: string): string {
  const tampered = rawBody.replace(/"amount_due":(\d+)/, (_m, amount: string) => `"amount_due":${Number(amount) + 1}`);
  if (tampered === rawBody) throw new Error('the delivery has no amount_due to tamper with');
  return tampered;
}

/** What one platform made of the deliveries it got, in arrival order, for the summary and its checks. */
import type { FlatEventRecord, WebhookEvent } from '../shared';
import { check } from './steps';

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

/** A delivery as the platform's trigger judged it: its record, a repeat it recognised itself, or refused. */
export type Judged = { record: FlatEventRecord } | { repeat: true } | { refused: true };

/** Keeps the first record of each event id; a later one is a repeat (the sandbox's duplicates). */
export function tally(judged: Judged[]): Receipts {
  const records: FlatEventRecord[] = [];
  const seen = new Set<string>();
  let repeats = 0;
  let rejected = 0;
  for (const item of judged) {
    if ('repeat' in item) {
      repeats += 1;
    } else if (!('record' in item)) {
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

/**
 * What a platform must show: every genuine delivery verified, one run per event emitted (right id and
 * type), and as many repeats recognised as the sandbox's own log says it sent duplicates to it.
 */
export function expectEveryEvent(
  platform: string,
  receipts: Receipts,
  events: WebhookEvent[],
  sent: { attempts: number; duplicates: number },
): Receipts {
  check(receipts.rejected === 0, `${platform} refused ${receipts.rejected} genuine deliveries`);
  check(
    receipts.deliveries === sent.attempts,
    `${platform} got ${receipts.deliveries} deliveries, the sandbox sent ${sent.attempts}`,
  );
  const got = new Map(receipts.records.map((record) => [record.id, record.event_type]));
  const missing = events.filter((event) => got.get(event.id) !== event.type);
  check(!missing.length, `${platform} did not receive ${missing.map((e) => `${e.type} ${e.id}`).join(', ')}`);
  check(
    receipts.records.length === events.length,
    `${platform} started ${receipts.records.length} runs for ${events.length} events`,
  );
  check(
    receipts.repeats === sent.duplicates,
    `${platform} recognised ${receipts.repeats} repeats, the sandbox sent ${sent.duplicates} duplicates`,
  );
  return receipts;
}

export function receiptLine(receipts: Receipts): string {
  return (
    `${receipts.deliveries} deliveries → ${receipts.records.length} runs started, ` +
    `${receipts.repeats} repeats recognised by event id`
  );
}

import type { DeliveryRecord } from './records';
import type { Store } from './store';

const parse = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.parse(String(row.doc)) as DeliveryRecord);

/** The delivery queue's questions to the database (delivery/engine.ts decides what to send). */
export class DeliveryQueue {
  constructor(private readonly store: Store) {}

  /** What is still owed to a subscription, oldest event first (the service's order, then the delivery's). */
  owedTo(webhookId: string, limit = -1): DeliveryRecord[] {
    return parse(
      this.store
        .statement(
          `SELECT d.doc FROM deliveries d JOIN events e ON e.id = d.event_id
      WHERE d.webhook_id = ? AND d.state = 'pending' ORDER BY e.seq, d.seq LIMIT ?`,
        )
        .all(webhookId, limit),
    );
  }

  owedCount(webhookId: string): number {
    const row = this.store
      .statement("SELECT COUNT(*) AS owed FROM deliveries WHERE webhook_id = ? AND state = 'pending'")
      .get(webhookId);
    return Number(row?.owed ?? 0);
  }

  /** The ids of the subscriptions catching up after a failed delivery, across accounts. */
  catchingUp(): string[] {
    return this.store
      .statement("SELECT id FROM webhooks WHERE json_extract(doc, '$.catching_up') = 1")
      .all()
      .map((row) => String(row.id));
  }

  /** Pending deliveries soonest due first, leaving out some subscriptions' and some deliveries. */
  pendingExcept(webhookIds: string[], deliveryIds: string[], limit: number): DeliveryRecord[] {
    return parse(
      this.store
        .statement(
          `SELECT doc FROM deliveries WHERE state = 'pending'
      AND webhook_id NOT IN (SELECT value FROM json_each(?)) AND id NOT IN (SELECT value FROM json_each(?))
      ORDER BY next_attempt_at, seq LIMIT ?`,
        )
        .all(JSON.stringify(webhookIds), JSON.stringify(deliveryIds), limit),
    );
  }
}

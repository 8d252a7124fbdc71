import type { Data } from '../storage/collections';
import type { DeliveryRecord } from '../storage/records';

/**
 * Catching up in order (contract, §6): a subscription whose delivery failed, or that asked for a recovery,
 * gets what it is owed one delivery at a time, oldest event first, until nothing is owed to it. The flag
 * is stored on the subscription, so catching up survives a restart. (Not shared's `catchUp`, which is a
 * receiver paging through `GET /v1/events` for what it missed.)
 */
export class CatchingUp {
  constructor(private readonly data: Data) {}

  /** From now until nothing is owed to it, one at a time and oldest first. */
  start(webhookId: string): void {
    const webhook = this.data.webhooks.get(webhookId);
    if (webhook && !webhook.catching_up) this.data.webhooks.replace({ ...webhook, catching_up: true });
  }

  stopIfDone(webhookId: string): void {
    const webhook = this.data.webhooks.get(webhookId);
    if (webhook?.catching_up && this.data.queue.owedTo(webhookId, 1).length === 0)
      this.data.webhooks.replace({ ...webhook, catching_up: false });
  }

  /**
   * A receiver that answers again should not wait out the backoff of what it is owed: the next in line goes
   * now (and after it succeeds, the one after it).
   */
  nextGoesNow(webhookId: string): void {
    const now = Date.now();
    const [next] = this.data.queue.owedTo(webhookId, 1);
    if (next && (next.next_attempt_at ?? 0) > now) this.data.deliveries.replace({ ...next, next_attempt_at: now });
  }

  /** The subscriptions catching up, each with the one delivery it may be sent now (its oldest owed). */
  heads(): { webhookIds: string[]; next: DeliveryRecord[] } {
    const webhookIds = this.data.queue.catchingUp();
    return {
      webhookIds,
      next: webhookIds.map((id) => this.data.queue.owedTo(id, 1)[0]).filter((d) => d !== undefined),
    };
  }

  /** For a subscription catching up: how much it is owed and the delivery that goes next; else null. */
  backlog(webhookId: string): { owed: number; oldest: DeliveryRecord } | null {
    if (!this.data.webhooks.get(webhookId)?.catching_up) return null;
    const [oldest] = this.data.queue.owedTo(webhookId, 1);
    return oldest ? { owed: this.data.queue.owedCount(webhookId), oldest } : null;
  }

  /**
   * For a delivery still owed: the event that must reach its subscription first (the oldest owed to one
   * catching up), or null when nothing holds it. The dashboard shows it.
   */
  waitingBehind(delivery: DeliveryRecord): string | null {
    if (delivery.state !== 'pending') return null;
    const oldest = this.backlog(delivery.webhook_id)?.oldest;
    return oldest && oldest.id !== delivery.id ? oldest.event_id : null;
  }
}

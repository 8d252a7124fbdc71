import type { Faults } from '../faults/injection';
import { type Random, shuffled } from '../faults/random';
import type { Data } from '../storage/collections';
import { newId } from '../storage/ids';
import { type AttemptRecord, type DeliveryRecord, type WebhookRecord, isoNow } from '../storage/records';
import { CatchingUp } from './catchingUp';
import { type AttemptResult, WebhookPoster } from './post';
import { nextAttemptAt } from './retry';

export interface DeliveryOptions {
  timeScale: number;
  jitter: number;
  random: Random;
  faults: Faults;
  /** A receiver that has not answered by then counts as failed (the contract's 10 s). */
  timeoutMs: number;
  /** Attempts in flight at once. */
  concurrency: number;
}

/** With the shuffle fault on, first attempts gather for this long and then go out in shuffled order. */
const SHUFFLE_WINDOW_MS = 200;

/**
 * Sends events to subscriptions: signed per Standard Webhooks, at least once, retried on the contract's
 * schedule (scaled by `timeScale`, with jitter), 410 disabling the subscription. A subscription whose
 * delivery failed, or that asked for a recovery, catches up: one delivery at a time, oldest event first,
 * until nothing is owed to it. The queue lives in the database, so pending deliveries and catching up
 * survive a restart; one timer wakes the pump for the next due attempt.
 */
export class DeliveryEngine {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly poster: WebhookPoster;
  /** Which subscriptions get their deliveries one at a time, and what each waits for (the dashboard asks). */
  readonly catchingUp: CatchingUp;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private pumping = false;

  constructor(
    private readonly data: Data,
    private readonly options: DeliveryOptions,
  ) {
    this.poster = new WebhookPoster(options.timeoutMs);
    this.catchingUp = new CatchingUp(data);
  }

  /**
   * Creates one pending delivery per enabled subscription of the event's account to this event type (call
   * inside the event's transaction). A subscription that is catching up holds it behind what it is owed.
   */
  enqueue(eventId: string, eventType: string, accountId: string, only?: WebhookRecord): DeliveryRecord[] {
    const targets = only
      ? [only]
      : this.data.webhooks
          .of(accountId)
          .findAll({ deleted: 0 })
          .filter((w) => w.status === 'enabled' && (w.events as string[]).includes(eventType));
    const created = isoNow();
    const due = this.firstAttemptAt();
    return targets.map((webhook) => {
      const delivery: DeliveryRecord = {
        id: newId('dlv'),
        object: 'delivery',
        event_id: eventId,
        event_type: eventType,
        webhook_id: webhook.id,
        url: webhook.url,
        state: 'pending',
        attempts: 0,
        next_attempt_at: due,
        first_attempt_at: null,
        due_since: due,
        created_at: created,
        updated_at: created,
        last_status: null,
        last_error: null,
        redelivery: Boolean(only),
      };
      this.data.deliveries.insert(delivery, accountId);
      return delivery;
    });
  }

  /**
   * A recovery: `eventIds` (oldest first) owed to one subscription again. It catches up, so they go one
   * at a time in the service's order, with any retries it was already owed, and start now. Call inside a
   * transaction.
   */
  recover(webhook: WebhookRecord, eventIds: string[], accountId: string): void {
    const owed = new Set(this.data.queue.owedTo(webhook.id).map((d) => d.event_id));
    for (const eventId of eventIds) {
      if (!owed.has(eventId)) this.enqueue(eventId, this.data.events.get(eventId)?.type ?? '', accountId, webhook);
    }
    if (eventIds.length) {
      this.catchingUp.start(webhook.id);
      this.catchingUp.nextGoesNow(webhook.id);
    }
  }

  /** Stops retrying what is owed to a subscription that was deleted or disabled. */
  cancelFor(webhookId: string): void {
    for (const delivery of this.data.queue.owedTo(webhookId)) this.settle(delivery, 'cancelled');
    this.catchingUp.stopIfDone(webhookId);
  }

  /** Looks at the queue now (after a commit that added deliveries, and at start for what a restart left). */
  kick(): void {
    if (this.closed) return;
    this.schedule(0);
  }

  /** Waits until nothing is due or in flight; for tests and the benchmark. */
  async settled(): Promise<void> {
    while (!this.closed && (this.inFlight.size > 0 || this.dueNow().length > 0)) {
      await Promise.race([...this.inFlight.values(), new Promise((r) => setTimeout(r, 5))]);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.poster.close();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private firstAttemptAt(): number {
    const at = Date.now() + (this.options.faults.delayDeliveryMs ?? 0);
    return this.options.faults.shuffleOrder
      ? Math.ceil(at / SHUFFLE_WINDOW_MS) * SHUFFLE_WINDOW_MS + SHUFFLE_WINDOW_MS
      : at;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.pump(), Math.max(0, delayMs));
  }

  private dueNow(limit = 1): DeliveryRecord[] {
    const now = Date.now();
    return this.sendable(limit).filter((d) => (d.next_attempt_at ?? Infinity) <= now);
  }

  /**
   * Pending deliveries that may be attempted, not in flight, soonest due first: every one owed to a
   * subscription in step, and only the oldest event owed to one catching up (none while that is in flight).
   */
  private sendable(limit: number): DeliveryRecord[] {
    const { webhookIds, next } = this.catchingUp.heads();
    const inStep = this.data.queue.pendingExcept(webhookIds, [...this.inFlight.keys()], limit);
    const heads = next.filter((d) => !this.inFlight.has(d.id));
    return [...inStep, ...heads].sort((a, b) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0)).slice(0, limit);
  }

  private pump(): void {
    if (this.closed || this.pumping) return;
    this.pumping = true;
    try {
      const room = this.options.concurrency - this.inFlight.size;
      const due = room > 0 ? this.dueNow(room) : [];
      if (this.options.faults.shuffleOrder && due.length > 1)
        this.track(due, this.inOrder(shuffled(due, this.options.random)));
      else for (const delivery of due) this.track([delivery], this.attempt(delivery));
      this.scheduleNext();
    } finally {
      this.pumping = false;
    }
  }

  private async inOrder(deliveries: DeliveryRecord[]): Promise<void> {
    for (const delivery of deliveries) await this.attempt(delivery);
  }

  private track(deliveries: DeliveryRecord[], work: Promise<void>): void {
    const done = work
      .catch(() => undefined)
      .finally(() => {
        for (const d of deliveries) this.inFlight.delete(d.id);
        if (!this.closed) this.schedule(0);
      });
    for (const d of deliveries) this.inFlight.set(d.id, done);
  }

  private scheduleNext(): void {
    if (this.inFlight.size >= this.options.concurrency) return;
    const [next] = this.sendable(1);
    if (next?.next_attempt_at != null) this.schedule(next.next_attempt_at - Date.now());
  }

  private async attempt(delivery: DeliveryRecord): Promise<void> {
    const webhook = this.data.webhooks.get(delivery.webhook_id);
    if (!webhook || webhook.deleted || webhook.status !== 'enabled') {
      this.settle(delivery, 'cancelled');
      return;
    }
    const result = await this.post(webhook, delivery.event_id);
    if (this.closed) return;
    const outcome = this.record(delivery, webhook, result, false);
    const duplicateShare = this.options.faults.duplicateDeliveries ?? 0;
    if (outcome === 'succeeded' && duplicateShare > 0 && this.options.random() < duplicateShare) {
      const again = await this.post(webhook, delivery.event_id);
      if (!this.closed) this.record(delivery, webhook, again, true);
    }
  }

  /** Writes the attempt to the log and moves the delivery on; returns the attempt's outcome. */
  private record(delivery: DeliveryRecord, webhook: WebhookRecord, result: AttemptResult, duplicate: boolean) {
    return this.data.store.transaction(() => {
      const current = this.data.deliveries.get(delivery.id) ?? delivery;
      const now = Date.now();
      const attempts = current.attempts + 1;
      const firstAt = current.first_attempt_at ?? now - result.latencyMs;
      const windowFrom = current.due_since ?? firstAt;
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      let outcome: AttemptRecord['outcome'];
      let next: number | undefined;
      if (ok || duplicate) outcome = ok ? 'succeeded' : 'failed';
      else if (result.status === 410) outcome = 'disabled';
      else {
        next = nextAttemptAt(attempts, windowFrom, now, this.options);
        outcome = next === undefined ? 'failed' : 'retrying';
      }
      this.data.attempts.insert(
        {
          id: newId('att'),
          object: 'delivery_attempt',
          delivery_id: delivery.id,
          event_id: delivery.event_id,
          event_type: delivery.event_type,
          webhook_id: webhook.id,
          url: webhook.url,
          attempt: attempts,
          duplicate,
          started_at: isoNow(now - result.latencyMs),
          status: result.status,
          latency_ms: result.latencyMs,
          error: result.error ?? (ok ? null : `The receiver answered HTTP ${result.status}.`),
          outcome,
          redelivery: current.redelivery,
          request_headers: result.requestHeaders,
          response_body: result.responseBody,
          next_attempt_at: next === undefined || duplicate ? null : isoNow(next),
        },
        this.data.deliveries.accountOf(delivery.id) ?? '',
      );
      // A duplicate, or an attempt that was in flight when its subscription went away, changes nothing more.
      if (duplicate || current.state !== 'pending') return outcome;
      const updated: DeliveryRecord = {
        ...current,
        attempts,
        first_attempt_at: firstAt,
        last_status: result.status,
        last_error: result.error,
        updated_at: isoNow(now),
      };
      if (outcome === 'retrying') {
        this.data.deliveries.replace({ ...updated, next_attempt_at: next ?? null });
        // Until it gets through, newer events wait behind it, so the receiver sees them in order.
        this.catchingUp.start(webhook.id);
      } else this.settle(updated, ok ? 'succeeded' : 'failed');
      // The receiver answers again: the next event owed to it goes now rather than at its own retry time.
      if (ok && this.data.webhooks.get(webhook.id)?.catching_up) this.catchingUp.nextGoesNow(webhook.id);
      if (outcome !== 'retrying') this.catchingUp.stopIfDone(webhook.id);
      if (outcome === 'disabled') {
        this.data.webhooks.replace({
          ...webhook,
          status: 'disabled',
          disabled_reason: 'The receiver answered 410 Gone.',
        });
        this.cancelFor(webhook.id);
      }
      return outcome;
    });
  }

  private settle(delivery: DeliveryRecord, state: DeliveryRecord['state']): void {
    this.data.deliveries.replace({ ...delivery, state, next_attempt_at: null, updated_at: isoNow() });
  }

  private post(webhook: WebhookRecord, eventId: string): Promise<AttemptResult> {
    return this.poster.post(webhook, eventId, this.data.events.getText(eventId) ?? '');
  }
}

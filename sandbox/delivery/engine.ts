import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { signWebhook } from '../../shared';
import { type AttemptRecord, type Data, type DeliveryRecord, type WebhookRecord, isoNow } from '../storage/collections';
import type { Faults } from '../faults/injection';
import { newId } from '../storage/ids';
import { type Random, shuffled } from '../faults/random';
import { nextAttemptAt } from './retry';
import { guardedLookup } from '../domain/webhookUrls';

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
const USER_AGENT = 'InvoicingAPI-Sandbox/1.0 (+Standard Webhooks)';

/** The receiver's answer is kept up to this many characters, for the dashboard's event page. */
const RESPONSE_BODY_CHARS = 2000;

interface AttemptResult {
  status: number | null;
  latencyMs: number;
  error: string | null;
  requestHeaders: Record<string, string>;
  responseBody: string | null;
}

/**
 * Sends events to subscriptions: signed per Standard Webhooks, at least once, retried on the contract's
 * schedule (scaled by `timeScale`, with jitter), 410 disabling the subscription. A subscription whose
 * delivery failed, or that asked for a recovery, catches up: one delivery at a time, oldest event first,
 * until nothing is owed to it. The queue lives in the database, so pending deliveries and catching up
 * survive a restart; one timer wakes the pump for the next due attempt.
 */
export class DeliveryEngine {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private pumping = false;

  constructor(private readonly data: Data, private readonly options: DeliveryOptions) {}

  /**
   * Creates one pending delivery per enabled subscription of the event's account to this event type (call
   * inside the event's transaction). A subscription that is catching up holds it behind what it is owed.
   */
  enqueue(eventId: string, eventType: string, accountId: string, only?: WebhookRecord): DeliveryRecord[] {
    const targets = only ? [only] : this.data.webhooks.of(accountId).select('deleted = 0')
      .filter((w) => w.status === 'enabled' && (w.events as string[]).includes(eventType));
    const created = isoNow();
    const due = this.firstAttemptAt();
    return targets.map((webhook) => {
      const delivery: DeliveryRecord = {
        id: newId('dlv'), object: 'delivery', event_id: eventId, event_type: eventType, webhook_id: webhook.id,
        url: webhook.url, state: 'pending', attempts: 0, next_attempt_at: due, first_attempt_at: null, due_since: due,
        created_at: created, updated_at: created, last_status: null, last_error: null, redelivery: Boolean(only),
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
    const owed = new Set(this.owedTo(webhook.id).map((d) => d.event_id));
    for (const eventId of eventIds) {
      if (!owed.has(eventId)) this.enqueue(eventId, this.data.events.get(eventId)?.type ?? '', accountId, webhook);
    }
    if (eventIds.length) {
      this.catchUp(webhook.id);
      this.nextGoesNow(webhook.id);
    }
  }

  /** Stops retrying what is owed to a subscription that was deleted or disabled. */
  cancelFor(webhookId: string): void {
    for (const delivery of this.owedTo(webhookId)) this.settle(delivery, 'cancelled');
    this.caughtUpIfDone(webhookId);
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

  /** For a subscription catching up: how much it is owed and the delivery that goes next; else null. */
  backlog(webhookId: string): { owed: number; oldest: DeliveryRecord } | null {
    if (!this.data.webhooks.get(webhookId)?.catching_up) return null;
    const [oldest] = this.owedTo(webhookId, 1);
    const row = this.data.store.statement("SELECT COUNT(*) AS owed FROM deliveries WHERE webhook_id = ? AND state = 'pending'").get(webhookId);
    return oldest ? { owed: Number(row?.owed ?? 0), oldest } : null;
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
    this.agents.http.destroy();
    this.agents.https.destroy();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private firstAttemptAt(): number {
    const at = Date.now() + (this.options.faults.delayDeliveryMs ?? 0);
    return this.options.faults.shuffleOrder ? Math.ceil(at / SHUFFLE_WINDOW_MS) * SHUFFLE_WINDOW_MS + SHUFFLE_WINDOW_MS : at;
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
    const catchingUp = this.data.webhooks.select("json_extract(doc, '$.catching_up') = 1").map((w) => w.id);
    const busy = JSON.stringify([...this.inFlight.keys()]);
    const inStep = this.data.store.statement(`SELECT doc FROM deliveries WHERE state = 'pending'
      AND webhook_id NOT IN (SELECT value FROM json_each(?)) AND id NOT IN (SELECT value FROM json_each(?))
      ORDER BY next_attempt_at, seq LIMIT ?`).all(JSON.stringify(catchingUp), busy, limit)
      .map((row) => JSON.parse(String(row.doc)) as DeliveryRecord);
    const heads = catchingUp.map((id) => this.owedTo(id, 1)[0]).filter((d) => d !== undefined && !this.inFlight.has(d.id));
    return [...inStep, ...heads].sort((a, b) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0)).slice(0, limit);
  }

  /** What is still owed to a subscription, oldest event first (the service's order, then the delivery's). */
  private owedTo(webhookId: string, limit = -1): DeliveryRecord[] {
    return this.data.store.statement(`SELECT d.doc FROM deliveries d JOIN events e ON e.id = d.event_id
      WHERE d.webhook_id = ? AND d.state = 'pending' ORDER BY e.seq, d.seq LIMIT ?`).all(webhookId, limit)
      .map((row) => JSON.parse(String(row.doc)) as DeliveryRecord);
  }

  /** From now until nothing is owed to it, one at a time and oldest first. */
  private catchUp(webhookId: string): void {
    const webhook = this.data.webhooks.get(webhookId);
    if (webhook && !webhook.catching_up) this.data.webhooks.replace({ ...webhook, catching_up: true });
  }

  /**
   * A receiver that answers again should not wait out the backoff of what it is owed: the next in line goes
   * now (and after it succeeds, the one after it).
   */
  private nextGoesNow(webhookId: string): void {
    const now = Date.now();
    const [next] = this.owedTo(webhookId, 1);
    if (next && (next.next_attempt_at ?? 0) > now) this.data.deliveries.replace({ ...next, next_attempt_at: now });
  }

  private caughtUpIfDone(webhookId: string): void {
    const webhook = this.data.webhooks.get(webhookId);
    if (webhook?.catching_up && this.owedTo(webhookId, 1).length === 0) this.data.webhooks.replace({ ...webhook, catching_up: false });
  }

  private pump(): void {
    if (this.closed || this.pumping) return;
    this.pumping = true;
    try {
      const room = this.options.concurrency - this.inFlight.size;
      const due = room > 0 ? this.dueNow(room) : [];
      if (this.options.faults.shuffleOrder && due.length > 1) this.track(due, this.inOrder(shuffled(due, this.options.random)));
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
    const done = work.catch(() => undefined).finally(() => {
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
      this.data.attempts.insert({
        id: newId('att'), object: 'delivery_attempt', delivery_id: delivery.id, event_id: delivery.event_id,
        event_type: delivery.event_type, webhook_id: webhook.id, url: webhook.url, attempt: attempts, duplicate,
        started_at: isoNow(now - result.latencyMs), status: result.status, latency_ms: result.latencyMs,
        error: result.error ?? (ok ? null : `The receiver answered HTTP ${result.status}.`), outcome,
        redelivery: current.redelivery, request_headers: result.requestHeaders, response_body: result.responseBody,
        next_attempt_at: next === undefined || duplicate ? null : isoNow(next),
      }, this.data.deliveries.accountOf(delivery.id) ?? '');
      // A duplicate, or an attempt that was in flight when its subscription went away, changes nothing more.
      if (duplicate || current.state !== 'pending') return outcome;
      const updated: DeliveryRecord = { ...current, attempts, first_attempt_at: firstAt, last_status: result.status,
        last_error: result.error, updated_at: isoNow(now) };
      if (outcome === 'retrying') {
        this.data.deliveries.replace({ ...updated, next_attempt_at: next ?? null });
        // Until it gets through, newer events wait behind it, so the receiver sees them in order.
        this.catchUp(webhook.id);
      } else this.settle(updated, ok ? 'succeeded' : 'failed');
      // The receiver answers again: the next event owed to it goes now rather than at its own retry time.
      if (ok && this.data.webhooks.get(webhook.id)?.catching_up) this.nextGoesNow(webhook.id);
      if (outcome !== 'retrying') this.caughtUpIfDone(webhook.id);
      if (outcome === 'disabled') {
        this.data.webhooks.replace({ ...webhook, status: 'disabled', disabled_reason: 'The receiver answered 410 Gone.' });
        this.cancelFor(webhook.id);
      }
      return outcome;
    });
  }

  private settle(delivery: DeliveryRecord, state: DeliveryRecord['state']): void {
    this.data.deliveries.replace({ ...delivery, state, next_attempt_at: null, updated_at: isoNow() });
  }

  private post(webhook: WebhookRecord, eventId: string): Promise<AttemptResult> {
    const body = this.data.events.getText(eventId) ?? '';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ secret: webhook.secret, id: eventId, timestamp, body });
    const url = new URL(webhook.url);
    const secure = url.protocol === 'https:';
    const started = Date.now();
    return new Promise<AttemptResult>((resolve) => {
      const requestHeaders = { ...headers, 'content-type': 'application/json', 'user-agent': USER_AGENT };
      let responseBody = '';
      const finish = (status: number | null, error: string | null) =>
        resolve({ status, error, latencyMs: Date.now() - started, requestHeaders, responseBody: status === null ? null : responseBody });
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: secure ? this.agents.https : this.agents.http,
        timeout: this.options.timeoutMs,
        lookup: guardedLookup,
        headers: { ...requestHeaders, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (responseBody.length < RESPONSE_BODY_CHARS) responseBody = (responseBody + chunk).slice(0, RESPONSE_BODY_CHARS);
        });
        res.on('end', () => finish(res.statusCode ?? null, null));
        res.on('error', (error) => finish(res.statusCode ?? null, error.message));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)));
      req.on('error', (error) => finish(null, error.message));
      req.end(body);
    });
  }
}

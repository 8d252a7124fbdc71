/** The spec's three events on each invoice, made by the sandbox's test helpers; the delivery log. */
import { operations, type Connection, type HttpRequest, type WebhookEvent } from '../shared';
import type { DemoSandbox } from './sandbox';

type Call = <T>(build: (c: Connection) => HttpRequest) => Promise<T>;

/**
 * Views each invoice (WhatsApp, then e-mail), pays it over UPI (the first in full, the second in part)
 * and disputes it; returns the events in the order they happened. `between` runs after each one.
 */
export async function viewPayAndDispute(
  call: Call,
  invoices: Array<{ id: string }>,
  between?: () => Promise<unknown>,
): Promise<WebhookEvent[]> {
  const emitted: WebhookEvent[] = [];
  const occur = async (build: (c: Connection) => HttpRequest) => {
    emitted.push(await call<WebhookEvent>(build));
    await between?.();
  };
  for (const [index, { id }] of invoices.entries()) {
    await occur((c) =>
      operations.simulateView.request(c, { invoice_id: id, channel: index === 0 ? 'whatsapp' : 'email' }),
    );
    await occur((c) =>
      operations.simulatePayment.request(c, { invoice_id: id, amount: index === 0 ? undefined : 300000 }),
    );
    await occur((c) =>
      operations.simulateDispute.request(c, {
        invoice_id: id,
        reason: 'amount_incorrect',
        note: 'Hosting was quoted at ₹2,000',
      }),
    );
  }
  return emitted;
}

type DeliveryLog = Awaited<ReturnType<DemoSandbox['settled']>>;

/** The sandbox's attempts and injected duplicates to the given webhooks. */
export function sentTo(log: DeliveryLog, webhookIds: string[]): { attempts: number; duplicates: number } {
  return webhookIds.reduce(
    (sum, id) => ({
      attempts: sum.attempts + (log[id]?.attempts ?? 0),
      duplicates: sum.duplicates + (log[id]?.duplicates ?? 0),
    }),
    { attempts: 0, duplicates: 0 },
  );
}

/** The summary a newcomer reads: what was created, what each platform received, verification, timings. */
import type { Client, PresentedInvoice, PresentedPayment, WebhookEvent } from '../shared';
import type { Receipts } from './receipts';
import { taxLine } from './gst';
import type { StepTiming } from './steps';
import type { PlatformTraffic } from './traffic';

export interface DemoResult {
  faults?: string;
  label: string;
  client: Client;
  createdClient: boolean;
  invoices: { zapier: PresentedInvoice; n8n: PresentedInvoice };
  /** The GST invoices: within the supplier's state (from Zapier), then to another state (from n8n). */
  taxInvoices: PresentedInvoice[];
  listed: PresentedInvoice[];
  webhooks: { zapier: number; n8n: number; remaining: number };
  events: WebhookEvent[];
  /**
   * Issue 16's flows: a client created in the service, a transfer recorded from n8n,
   * a UPI payment found from Zapier.
   */
  reconciliation: { newClient: string; transfer: PresentedPayment; found: PresentedPayment };
  receipts: { zapier: Receipts; n8n: Receipts };
  traffic: { zapier: PlatformTraffic; n8n: PlatformTraffic };
  timings: StepTiming[];
  totalMs: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line per platform: the lines test/demo/demo.test.ts reads back, so keep their wording. */
export function receivedLine(platform: string, receipts: Receipts, expected: number): string {
  return (
    `${platform.padEnd(7)} received ${receipts.records.length}/${expected} events, ` +
    `${receipts.deliveries} deliveries, ` +
    `${receipts.repeats} repeats recognised by event id, ` +
    `${receipts.deliveries - receipts.rejected}/${receipts.deliveries} signatures verified`
  );
}

export function printSummary(result: DemoResult, print: (line: string) => void): void {
  const { zapier, n8n } = result.invoices;
  const has = (receipts: Receipts, id: string) =>
    receipts.records.some((record) => record.id === id) ? 'received, verified' : 'MISSING';
  const subjectOf = (event: WebhookEvent) => {
    const { invoice, client } = event.data as { invoice?: { number: string }; client?: { email: string } };
    return invoice?.number ?? client?.email ?? '';
  };
  print('');
  print('Summary');
  print(`  Mode:       ${result.faults ? `faults on (${result.faults})` : 'no faults'}`);
  print(`  Connection: "${result.label}" on both platforms`);
  print(
    `  Client:     ${result.client.id} ${result.client.email} ` +
      `(${result.createdClient ? 'created from Zapier' : 'found from Zapier'}, updated from n8n)`,
  );
  print(
    `  Invoices:   ${zapier.number} ${zapier.amount_due_formatted} (${zapier.items.length} line items) from Zapier; ` +
      `${n8n.number} ${n8n.amount_due_formatted} (${n8n.items.length} line items) from n8n`,
  );
  const [intra, inter] = result.taxInvoices;
  print(`  GST:        ${intra.number} from Zapier, within Maharashtra: ${taxLine(intra)}`);
  print(`              ${inter.number} from n8n, to Karnataka: ${taxLine(inter)}`);
  print(`  Listed:     ${result.listed.length} invoices afterwards, none created twice`);
  print(
    `  Webhooks:   Zapier ${result.webhooks.zapier} (one per trigger), ` +
      `n8n ${result.webhooks.n8n} (all ${result.webhooks.zapier} events); ` +
      `${result.webhooks.remaining} remain after clean-up`,
  );
  print('');
  const { transfer, found } = result.reconciliation;
  print(
    `  Payments:   ${transfer.amount_formatted} bank transfer (reference ${transfer.reference}) ` +
      `recorded from n8n on ${n8n.number}; ` +
      `UPI payment ${found.amount_formatted} found from Zapier by its UTR ${found.upi?.utr} on ${zapier.number}`,
  );
  print('');
  // As wide as the longest event type (invoice.delivery_failed) and a space.
  const width = Math.max(...result.events.map((event) => event.type.length)) + 2;
  print(`  ${'Event'.padEnd(width)}${'Invoice/client'.padEnd(24)}${'Event id'.padEnd(28)}${'Zapier'.padEnd(20)}n8n`);
  for (const event of result.events) {
    print(
      `  ${event.type.padEnd(width)}${subjectOf(event).padEnd(24)}${event.id.padEnd(28)}` +
        `${has(result.receipts.zapier, event.id).padEnd(20)}${has(result.receipts.n8n, event.id)}`,
    );
  }
  print('');
  print(`  ${receivedLine('Zapier', result.receipts.zapier, result.events.length)}`);
  print(`  ${receivedLine('n8n', result.receipts.n8n, result.events.length)}`);
  const order = (receipts: Receipts) =>
    receipts.records.every((record, i) => record.id === result.events[i].id)
      ? 'in the order they happened'
      : 'in shuffled order';
  print(`  Order:      Zapier got the events ${order(result.receipts.zapier)}, n8n ${order(result.receipts.n8n)}`);
  const { zapier: zapierCalls, n8n: n8nCalls } = result.traffic;
  const limited = ({ rateLimited }: PlatformTraffic, how: string) =>
    `${rateLimited} answered 429${rateLimited ? `, ${how}` : ''}`;
  print(
    `  API calls:  Zapier ${zapierCalls.calls} ` +
      `(${limited(zapierCalls, 'each step retried after Retry-After, as Zapier does')}); ` +
      `n8n ${n8nCalls.calls} (${limited(n8nCalls, 'waited out for Retry-After')})`,
  );
  const slowest = [...result.timings].sort((a, b) => b.ms - a.ms)[0];
  print(`  Timings:    ${seconds(result.totalMs)} in all; slowest step: ${slowest.title} (${seconds(slowest.ms)})`);
  print('');
  print('Result: OK, every step worked.');
}

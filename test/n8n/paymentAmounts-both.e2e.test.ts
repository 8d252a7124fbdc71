/**
 * Record Payment's amount as zapier/README.md and n8n/README.md promise it, on both platforms: the built n8n
 * node in n8n-core and the Zapier app through createAppTester, each through a proxy that counts what reaches
 * the sandbox. The amount is in the invoice's currency, read first: past the 2 decimals rupees have it names
 * its currency (`KWD 1.005`) or is refused before any request; what only the currency rules out is refused
 * after that one read, with nothing recorded (docs/api-contract.md, "Amounts as typed").
 */
import { createAppTester } from 'zapier-platform-core';

import App from '../../zapier/src';
import { zapierAuth } from '../zapier/connection';
import { operations, setUp, startProxy, type Setup } from './support';

const appTester = createAppTester(App);
let s: Setup;
let proxy: Awaited<ReturnType<typeof startProxy>>;
const invoices: Record<string, string> = {};

beforeAll(async () => {
  s = await setUp();
  proxy = await startProxy(s.sandbox.baseUrl);
  for (const [currency, amount] of [
    ['KWD', 100000],
    ['JPY', 100000],
  ] as const) {
    const created = await s.api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'dinars.and.yen@example.com',
        currency,
        items: [{ description: 'Audit', amount }],
        auto_send_whatsapp: false,
      }),
    );
    invoices[currency] = created.body.id;
  }
});
afterAll(async () => {
  await proxy.close();
  await s.close();
});

/** The words a user reads: Zapier's AppError carries them in a JSON message, as core hands it to Zapier. */
function messageOf(error: Error): string {
  if (!error.message.startsWith('{')) return error.message;
  return (JSON.parse(error.message) as { message: string }).message;
}

/** Records `amount` on the invoice in `currency` from each platform, through the proxy; what each did. */
async function recordOnBoth(currency: string, amount: string) {
  const invoiceId = invoices[currency];
  const outcomes: Record<string, { amount?: number; error?: string; requests: string[] }> = {};
  const platforms = {
    n8n: async () => {
      const run = await s.run(
        { resource: 'payment', operation: 'record', invoice_id: invoiceId, method: 'cash', amount },
        { credentials: { invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } } },
      );
      if (run.error) throw run.error;
      return (run.items[0].json as { amount: number }).amount;
    },
    zapier: async () => {
      const payment = await appTester(App.creates.record_payment.operation.perform, {
        authData: zapierAuth(s.sandbox.testKey, proxy.url),
        inputData: { invoice_id: invoiceId, method: 'cash', amount },
      });
      return (payment as { amount: number }).amount;
    },
  };
  for (const [name, record] of Object.entries(platforms)) {
    const from = proxy.calls.length;
    const outcome = await record().then(
      (recorded) => ({ amount: recorded }),
      (error: Error) => ({ error: messageOf(error) }),
    );
    const requests = proxy.calls.slice(from).map((call) => `${call.method} ${call.path.replace(invoiceId, '{id}')}`);
    outcomes[name] = { ...outcome, requests };
  }
  return outcomes;
}

test('KWD 1.005 on a dinar invoice: both read the invoice, then record 1005 fils', async () => {
  const { n8n, zapier } = await recordOnBoth('KWD', 'KWD 1.005');
  for (const outcome of [n8n, zapier]) {
    expect(outcome).toEqual({
      amount: 1005,
      requests: ['GET /v1/invoices/{id}', 'POST /v1/invoices/{id}/payments'],
    });
  }
});

test('1.005 alone on a dinar invoice: refused on both before any request, saying to write KWD 1.005', async () => {
  const { n8n, zapier } = await recordOnBoth('KWD', '1.005');
  for (const outcome of [n8n, zapier]) {
    expect(outcome.error).toMatch(/^Amount has 3 decimals; rupees and most currencies have 2 .*"KWD 1\.005"/);
    expect(outcome.requests).toEqual([]);
  }
});

test('5.5 on a yen invoice: refused on both after the one read of its currency, nothing recorded', async () => {
  const { n8n, zapier } = await recordOnBoth('JPY', '5.5');
  for (const outcome of [n8n, zapier]) {
    expect(outcome.error).toMatch(/^Amount has more decimals than JPY has \(no decimals/);
    expect(outcome.requests).toEqual(['GET /v1/invoices/{id}']);
  }
});

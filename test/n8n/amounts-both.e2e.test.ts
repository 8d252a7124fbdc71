/**
 * The same typed amount gives the same minor-unit integer on both platforms: the built n8n node in
 * n8n-core and the Zapier app through createAppTester create invoices in one sandbox, and a refused
 * amount creates nothing on either.
 */
import { createAppTester } from 'zapier-platform-core';

import App from '../../zapier/src';
import { zapierAuth } from '../zapier/connection';
import { invoiceCount, setUp, type Setup } from './support';

const appTester = createAppTester(App);
let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

test.each([
  ['INR', '1,500.00', 150000],
  ['INR', '1500', 150000],
  ['USD', '19.99', 1999],
  ['USD', 19.99, 1999],
  ['JPY', '1,500', 1500],
  ['KWD', '1,500.125', 1500125],
  ['INR', '0.01', 1],
  ['INR', '1,50,000.00', 15000000],
  ['INR', '₹1,500.00', 150000],
  ['INR', 'Rs. 1,500', 150000],
  ['INR', '1500 INR', 150000],
  ['CLF', '1.2345', 12345],
] as const)('%s %p: n8n and Zapier both send %i', async (currency, typed, minor) => {
  const n8n = await s.run({
    resource: 'invoice',
    operation: 'create',
    client_email: 'both@example.com',
    currency,
    itemsInput: 'fields',
    items: { item: [{ description: 'Design', amount: typed }] },
  });
  const zapier = await appTester(App.creates.create_invoice.operation.perform, {
    authData: zapierAuth(s.sandbox.testKey, s.sandbox.baseUrl),
    inputData: { client_email: 'both@example.com', currency, items: [{ description: 'Design', amount: typed }] },
  });
  expect(n8n.error).toBeUndefined();
  expect([(n8n.items[0].json as any).items[0].amount, zapier.items[0].amount]).toEqual([minor, minor]);
});

test.each([
  ['INR', '1.500,00'],
  ['INR', '$1,500'],
  ['JPY', '1500.5'],
  ['KWD', '-1'],
  ['USD', '19.999'],
])('%s %p: refused on both, nothing created', async (currency, typed) => {
  const before = await invoiceCount(s);
  const n8n = await s.run({
    resource: 'invoice',
    operation: 'create',
    client_email: 'both@example.com',
    currency,
    itemsInput: 'fields',
    items: { item: [{ description: 'Design', amount: typed }] },
  });
  const zapier = appTester(App.creates.create_invoice.operation.perform, {
    authData: zapierAuth(s.sandbox.testKey, s.sandbox.baseUrl),
    inputData: { client_email: 'both@example.com', currency, items: [{ description: 'Design', amount: typed }] },
  });
  const message = (n8n.error as any).message as string;
  expect(message).toMatch(/^Item 1: amount /);
  await expect(zapier).rejects.toThrow(message);
  expect(await invoiceCount(s)).toBe(before);
});

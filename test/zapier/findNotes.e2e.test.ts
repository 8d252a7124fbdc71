/**
 * Issue 40 through the Zapier app against the sandbox process: Find Credit Note by the number as typed, Find Debit
 * Note by the invoice picked, "not found" as an empty list, and bad input refused before any request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppTester } from 'zapier-platform-core';
import App from '../../zapier/src';
import { zapierAuth } from './connection';
import { sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);
const session = sandboxSession();
const { find_credit_note: findCreditNote, find_debit_note: findDebitNote } = App.searches;

const search = (action: typeof findCreditNote, inputData: Record<string, unknown>) =>
  appTester(action.operation.perform, { authData: session.authData, inputData }) as Promise<any[]>;

test('Find Credit Note by its number in lower case; Find Debit Note by its invoice; an unknown number finds none', async () => {
  const bundle = { authData: session.authData };
  const invoice: any = await appTester(App.creates.create_invoice.operation.perform, {
    ...bundle,
    inputData: {
      client_email: `zap.find.notes.${Date.now()}@example.com`,
      currency: 'INR',
      items: [{ description: 'Order', amount: '1,500.00' }],
    },
  });
  const issue = (action: typeof App.creates.create_credit_note, taxable: string): Promise<any> =>
    appTester(action.operation.perform, {
      ...bundle,
      inputData: { invoice_id: invoice.id, note_reason: 'correction', taxable_amount: taxable },
    });
  const credit = await issue(App.creates.create_credit_note, '100.00');
  const debit = await issue(App.creates.create_debit_note, '25.00');

  expect(await search(findCreditNote, { number: ` ${credit.number.toLowerCase()}` })).toEqual([
    expect.objectContaining({ id: credit.id, number: credit.number, total_formatted: '₹100.00' }),
  ]);
  expect(await search(findDebitNote, { invoice_id: invoice.id })).toEqual([
    expect.objectContaining({ id: debit.id, invoice_number: invoice.number }),
  ]);
  expect(await search(findCreditNote, { number: 'CN-999999' })).toEqual([]);
});

describe('bad input, refused before any request', () => {
  let requests = 0;
  const server = createServer((_, res) => {
    requests += 1;
    res.writeHead(500).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test.each([
    ['find_credit_note', { number: 'INV-000123' }, 'Credit Note Number must be a credit note number such as CN-000001'],
    ['find_debit_note', { number: 'CN-000001' }, 'Debit Note Number must be a debit note number such as DN-000001'],
    ['find_credit_note', { invoice_id: 'cn_1PqR7sHq8ZkYd3Tx' }, 'Invoice ID must be an ID starting inv_'],
    ['find_debit_note', {}, 'Debit Note Number is required (such as DN-000001), or an Invoice ID (inv_…) instead'],
  ])('%s %j: %s', async (key, inputData, message) => {
    // Anything sent would reach this server, not the sandbox.
    const authData = zapierAuth(session.authData.api_key, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    requests = 0;
    const action = App.searches[key as 'find_credit_note'];
    await expect(appTester(action.operation.perform, { authData, inputData })).rejects.toThrow(message);
    expect(requests).toBe(0);
  });
  afterEach(() => {
    zapierAuth(session.authData.api_key, session.sandbox.baseUrl);
  });
});

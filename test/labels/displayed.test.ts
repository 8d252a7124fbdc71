/**
 * Operations that declare `display` in their core module and have no platform file: both editors build
 * them from it (zapier/src/action.ts createsFor, n8n/nodes/InvoicingApi/actions/displayed.ts), with the
 * words the module declares once and the conventions docs/architecture.md states.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { displayNoun, displayedOperations, type HttpRequest } from '../../shared';
import { TRANSLATES, createsFor } from '../../zapier/src/action';
import { createClient } from '../../zapier/src/creates/createClient';
import { imperative } from '../../n8n/nodes/InvoicingApi/actions/displayed';
import { invoice } from '../../n8n/nodes/InvoicingApi/actions/invoice';
import { client } from '../../n8n/nodes/InvoicingApi/actions/client';
import { payment } from '../../n8n/nodes/InvoicingApi/actions/payment';
import { product } from '../../n8n/nodes/InvoicingApi/actions/product';
import { creditNote } from '../../n8n/nodes/InvoicingApi/actions/creditNote';
import { debitNote } from '../../n8n/nodes/InvoicingApi/actions/debitNote';
import { app } from '../zapier/support';
import { refund } from '../../n8n/nodes/InvoicingApi/actions/refund';
import { eInvoice } from '../../n8n/nodes/InvoicingApi/actions/eInvoice';

const resources = { invoice, client, payment, product, refund, creditNote, debitNote, eInvoice };

test('there is at least one, so the checks below check something', () => {
  expect(displayedOperations.map(({ name }) => name)).toContain('voidInvoice');
});

describe.each(displayedOperations.map((entry) => [entry.name, entry] as const))('%s', (name, { operation }) => {
  const { display } = operation;
  const noun = displayNoun(display.resource);

  test("its words follow the recipe's conventions", () => {
    expect(display.description).toMatch(/^[A-Z][a-z]+s .{20,}\.$/);
    expect(display.label).toMatch(new RegExp(`^[A-Z].* ${noun}$`));
    expect(display.action).toMatch(/^[A-Z][a-z]+ (a|an) [a-z]/);
  });

  test('Zapier: a create keyed by its registry name, with its words, translating it', () => {
    const key = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const create = app.creates[key];
    expect(create).toMatchObject({ key, noun, display: { label: display.label, description: display.description } });
    expect(TRANSLATES[key]).toBe(operation);
  });

  test('n8n: every parameter it shows has a default, so a workflow that leaves an optional one out still runs', () => {
    const [entry] = resources[display.resource].operations.filter((each) => each.operation === operation);
    // n8n answers "Could not get parameter" for a parameter with no default that the saved workflow left out.
    expect(entry.properties.filter((property) => property.default === undefined).map(({ name }) => name)).toEqual([]);
  });

  test('n8n: an operation of its resource, with its words in the imperative, translating it', () => {
    const entries = resources[display.resource].operations.filter((entry) => entry.operation === operation);
    expect(entries).toHaveLength(1);
    expect(entries[0].option).toMatchObject({
      name: display.label.replace(` ${noun}`, ''),
      action: display.action,
      description: imperative(display.description),
    });
  });
});

test("n8n's sentence is Zapier's in the imperative, without the period", () => {
  expect(imperative('Cancels an invoice nothing has been paid on.')).toBe('Cancel an invoice nothing has been paid on');
  expect(imperative('Applies a credit note.')).toBe('Apply a credit note');
  expect(imperative('Pushes the invoice.')).toBe('Push the invoice');
  expect(imperative('Marks it paid.')).toBe('Mark it paid');
});

test('n8n: a built operation sends the picked ID (a pasted link read as the ID) and the derived idempotency key', async () => {
  const [voiding] = invoice.operations.filter((entry) => entry.option.value === 'void');
  const id = 'inv_3MtwBwLkdIwHu7ix';
  const context = {
    getNodeParameter: (name: string) =>
      name === 'invoice_id' ? { mode: 'url', value: `https://pay.invoicing.example/i/${id}` } : '',
    getInstanceId: () => 'instance',
    getExecutionId: () => '7',
    getContext: () => ({}),
    getWorkflowDataProxy: () => ({ $runIndex: 0 }),
    getNode: () => ({ id: 'node-1' }),
  } as unknown as IExecuteFunctions;
  const sent: HttpRequest[] = [];
  await voiding
    .execute(context, 0, { baseUrl: 'http://sandbox.test' }, async (request) => {
      sent.push(request);
      return { status: 500, headers: {}, body: '' };
    })
    .catch(() => undefined);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ method: 'POST', url: `http://sandbox.test/v1/invoices/${id}/void` });
  expect(sent[0].headers['Idempotency-Key']).toMatch(/\S/);
});

test('Zapier: a create of its own under another key than its own is refused when the app loads', () => {
  expect(() => createsFor({ create_contact: createClient })).toThrow(/create_contact/);
});

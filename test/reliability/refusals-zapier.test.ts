/**
 * Issue 32's defects that were Zapier's own: text holding "{{bundle.…}}" refused by core's request merge as
 * "Could not reach …" (since issue 43 refused by the connector, naming the field, before any request), and
 * unknown input keys refused or dropped depending on their name and the action.
 */
import { TEMPLATE_REFUSAL } from '../../shared';
import { API_KEY, BASE_URL, fakeService } from './support/inputs';
import { App, zapierRuntime } from './support/zapier';
import { zapierAuth } from '../zapier/connection';

const invoice = {
  client_email: 'ana@example.com',
  currency: 'INR',
  items: [{ description: 'Design', amount: '1,500.00' }],
};
const payment = { invoice_id: 'inv_3MtwBwLkdIwHu7ix', method: 'cash', amount: '1500' };
// Issue 40's corrections, each reading its invoice or payment before it writes (the fake service's samples).
const creditNote = { invoice_id: 'inv_3MtwBwLkdIwHu7ix', note_reason: 'sales_return', taxable_amount: '1,000.00' };
const refund = { payment_id: 'pay_1NqW2cHq8ZkYd3Tx', method: 'cash', amount: '1,000.00' };

describe("through Zapier's pipeline", () => {
  const runtime = zapierRuntime();
  const authData = zapierAuth(API_KEY, BASE_URL);
  let service: ReturnType<typeof fakeService>;
  beforeAll(() => {
    service = fakeService();
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    service.sent.length = 0;
  });

  // Issue 43 reverses issue 32's "sent as text": a template nobody filled in is a mapping that did not happen.
  test('{{bundle.…}} in a description is refused naming the line, nothing sent', async () => {
    const outcome = await runtime.invoke(App.creates.create_invoice.operation.perform, {
      authData,
      inputData: { ...invoice, items: [{ description: 'Design for {{bundle.inputData.name}}', amount: '1,500.00' }] },
    });
    expect(outcome).toMatchObject({ ok: false, error: { message: `Item 1: description ${TEMPLATE_REFUSAL}` } });
    expect(service.sent).toHaveLength(0);
  });

  test.each([
    ['Reference', { reference: '{{bundle.authData.api_key}}' }],
    ['Prevent Duplicates Key', { idempotency_key: 'pay-{{bundle.authData.api_key}}' }],
    ['Note', { note: 'Paid {{ bundle.inputData.amount }}' }],
  ])('Record Payment with a template in %s: named, nothing sent (not even the invoice read)', async (label, extra) => {
    const outcome = await runtime.invoke(App.creates.record_payment.operation.perform, {
      authData,
      inputData: { ...payment, ...extra },
    });
    expect(outcome).toMatchObject({ ok: false, error: { message: `${label} ${TEMPLATE_REFUSAL}` } });
    expect(outcome.ok || outcome.error.message).not.toMatch(/bundle|api_key|Could not reach/);
    expect(service.sent).toHaveLength(0);
  });

  test.each([
    [
      'Create Credit Note',
      App.creates.create_credit_note,
      creditNote,
      'Note',
      { note: 'Order {{bundle.inputData.id}}' },
    ],
    ['Create Debit Note', App.creates.create_debit_note, creditNote, 'Invoice ID', { invoice_id: '{{inv}}' }],
    ['Record Refund', App.creates.record_refund, refund, 'Reference', { reference: '{{bundle.authData.api_key}}' }],
  ])(
    '%s with a template in its %s: named, nothing sent (not even the read)',
    async (_, create, given, label, extra) => {
      const outcome = await runtime.invoke(create.operation.perform, { authData, inputData: { ...given, ...extra } });
      expect(outcome).toMatchObject({ ok: false, error: { message: `${label} ${TEMPLATE_REFUSAL}` } });
      expect(service.sent).toHaveLength(0);
    },
  );

  test.each(['constructor', 'toString', 'made_up_field'])(
    'an unknown key %s is ignored the same way on every create',
    async (key) => {
      for (const [create, inputData] of [
        [App.creates.create_invoice, invoice],
        [App.creates.record_payment, payment],
        [App.creates.create_client, { email: 'ana@example.com' }],
        [App.creates.create_credit_note, creditNote],
        [App.creates.create_debit_note, creditNote],
        [App.creates.record_refund, refund],
      ] as const) {
        service.sent.length = 0;
        const outcome = await runtime.invoke(create.operation.perform, {
          authData,
          inputData: { ...inputData, [key]: 'x' },
        });
        expect({ key: create.key, ok: outcome.ok }).toEqual({ key: create.key, ok: true });
      }
    },
  );
});

/**
 * Issue 40, finding a credit or debit note (docs/api-contract.md, "Finding credit and debit notes"), against the
 * sandbox through the shared operations both editors run: by the number as printed or typed, or the newest note
 * against an invoice; the lists' `number` filter; bad input refused before any request, in the field's words.
 */
import { ApiError, type Connection, type HttpRequest, InputError, operations, runOperation } from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox({ jitter: 0 });
});
afterAll(() => t.sandbox.close());

/** Every request an operation sent, so a refusal before any request shows as none. */
let sent: HttpRequest[] = [];
const counted = (request: HttpRequest) => {
  sent.push(request);
  return t.send(request);
};
beforeEach(() => {
  sent = [];
});

const run = <O extends { run: (c: Connection, raw: unknown, send: any) => Promise<unknown> }>(
  operation: O,
  raw: Record<string, unknown>,
) => operation.run(t.connection, raw, counted) as ReturnType<O['run']>;

async function invoiceWithNotes(email: string) {
  const invoice = await runOperation(
    operations.createInvoice,
    t.connection,
    { client_email: email, currency: 'INR', items: [{ description: 'Shop order', amount: '1,500.00' }] },
    t.send,
  );
  const note = (kind: 'createCreditNote' | 'createDebitNote', taxable: string) =>
    run(operations[kind], { invoice_id: invoice.id, note_reason: 'correction', taxable_amount: taxable });
  const firstCredit = await note('createCreditNote', '100.00');
  const newestCredit = await note('createCreditNote', '50.00');
  const debit = await note('createDebitNote', '25.00');
  return { invoice, firstCredit, newestCredit, debit };
}

describe('Find Credit Note and Find Debit Note', () => {
  test('by the number as printed, or typed in lower case with spaces; by the invoice, its newest note', async () => {
    const { invoice, firstCredit, newestCredit, debit } = await invoiceWithNotes('find.notes@example.com');
    expect(firstCredit.number).toMatch(/^CN-\d{6}$/);
    expect(await run(operations.findCreditNote, { number: firstCredit.number })).toMatchObject({
      id: firstCredit.id,
      total_formatted: '₹100.00',
    });
    expect(await run(operations.findCreditNote, { number: `  ${firstCredit.number.toLowerCase()} ` })).toMatchObject({
      id: firstCredit.id,
    });
    expect(await run(operations.findCreditNote, { invoice_id: invoice.id })).toMatchObject({ id: newestCredit.id });
    expect(await run(operations.findDebitNote, { invoice_id: invoice.id })).toMatchObject({
      id: debit.id,
      number: debit.number,
      invoice_number: invoice.number,
    });
    // Both given: that number on that invoice.
    expect(await run(operations.findCreditNote, { number: newestCredit.number, invoice_id: invoice.id })).toMatchObject(
      { id: newestCredit.id },
    );
  });

  test('nothing matching is "not found" (undefined), not an error', async () => {
    const { firstCredit } = await invoiceWithNotes('find.notes.none@example.com');
    const other = await t.createInvoice();
    expect(await run(operations.findCreditNote, { number: 'CN-999999' })).toBeUndefined();
    expect(await run(operations.findDebitNote, { number: 'DN-999999' })).toBeUndefined();
    expect(await run(operations.findCreditNote, { invoice_id: other.id })).toBeUndefined();
    // The note exists, but not on that invoice.
    expect(await run(operations.findCreditNote, { number: firstCredit.number, invoice_id: other.id })).toBeUndefined();
  });

  test.each([
    [{ number: 'INV-000001' }, 'Credit Note Number must be a credit note number such as CN-000001'],
    [{ number: 'DN-000001' }, 'Credit Note Number must be a credit note number such as CN-000001'],
    [{ number: 'CN-' }, 'Credit Note Number must be a credit note number such as CN-000001'],
    [{ invoice_id: 'cn_123' }, 'Invoice ID must be an ID starting inv_'],
    [{}, 'Credit Note Number is required (such as CN-000001), or an Invoice ID (inv_…) instead'],
  ])('Find Credit Note refuses %j before any request: %s', async (input, message) => {
    const refusal = await run(operations.findCreditNote, input).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as InputError).message).toContain(message);
    expect(sent).toEqual([]);
  });

  test('Find Debit Note refuses a credit note number in its own words, before any request', async () => {
    const refusal = await run(operations.findDebitNote, { number: 'CN-000001' }).catch((error: unknown) => error);
    expect((refusal as InputError).message).toContain(
      'Debit Note Number must be a debit note number such as DN-000001',
    );
    expect(sent).toEqual([]);
  });

  test('a note the answer shows on another invoice or under another number is not taken for the one asked', async () => {
    const { firstCredit } = await invoiceWithNotes('find.notes.stranger@example.com');
    // As the service sends it, not as presented.
    const stranger = (await t.send(operations.getCreditNote.request(t.connection, { credit_note_id: firstCredit.id })))
      .body;
    // A service that ignored both filters: its newest credit note, whatever was asked.
    const ignoring = async () => ({
      status: 200,
      headers: {},
      body: { object: 'list', data: [stranger], has_more: false },
    });
    const asked = { number: 'CN-000999', invoice_id: 'inv_someOtherInvoice' };
    expect(await operations.findCreditNote.run(t.connection, asked, ignoring)).toBeUndefined();
    expect(
      await operations.findCreditNote.run(t.connection, { invoice_id: 'inv_someOtherInvoice' }, ignoring),
    ).toBeUndefined();
  });
});

describe('the lists’ number filter', () => {
  test('lists the one note of that number, alone or with its invoice; another invoice lists none', async () => {
    const { invoice, newestCredit, debit } = await invoiceWithNotes('list.notes.number@example.com');
    const byNumber = await run(operations.listCreditNotes, { number: newestCredit.number });
    expect(byNumber.data.map((note) => note.id)).toEqual([newestCredit.id]);
    const debits = await run(operations.listDebitNotes, { number: debit.number, invoice_id: invoice.id });
    expect(debits.data.map((note) => note.id)).toEqual([debit.id]);
    const other = await t.createInvoice();
    expect((await run(operations.listCreditNotes, { number: newestCredit.number, invoice_id: other.id })).data).toEqual(
      [],
    );
  });

  test('the service refuses a number of the other series with 422, naming Credit Note Number', async () => {
    const request = operations.listCreditNotes.request(t.connection, { number: 'CN-000001' });
    const response = await t.raw({ ...request, url: request.url.replace('CN-000001', 'DN-000001') }, {});
    expect(response.status).toBe(422);
    const refusal = await runOperation(operations.listCreditNotes, t.connection, {}, async () => response).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).message).toContain(
      'Credit Note Number must be a credit note number such as CN-000001',
    );
  });
});

/**
 * Credit and debit notes against the sandbox (docs/api-contract.md, "Credit notes and debit notes"), each
 * figure worked by hand: the sandbox account is a supplier in Maharashtra (27); the invoice has three lines
 * at 18 %, typed as people write them.
 */
import { ApiError, InputError, operations, runOperation, type HttpRequest } from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  runOperation(operations[name] as never, t.connection, raw, t.send) as Promise<any>;

const MAHARASHTRA = '27AAPFU0939F1ZV';
const KARNATAKA = '29AAGCB7383J1Z4';
/*
 *   line 1: 3 × ₹1,234.57 = ₹3,703.71; 9 % = 333.3339 → ₹333.33 each of CGST and SGST (IGST 18 %: 666.6678 → 666.67)
 *   line 2: ₹999.99;                     9 % = 89.9991 → ₹90.00 each                 (IGST 179.9982 → 180.00)
 *   line 3: 2 × ₹450.25 = ₹900.50;       9 % = 81.045 → ₹81.05 each (half-up)       (IGST 162.09)
 *   intra-state: taxable 5,604.20, CGST 504.38, SGST 504.38, total ₹6,612.96
 */
const LINES = [
  { description: 'Kurta, cotton', quantity: '3', unit: 'NOS', unit_price: '1,234.57', hsn_sac: '6211', gst_rate: '18' },
  { description: 'Stitching', amount: '999.99', hsn_sac: '998821', gst_rate: '18' },
  { description: 'Dupatta', quantity: '2', unit: 'NOS', unit_price: '450.25', hsn_sac: '6214', gst_rate: '18' },
];

let counter = 0;
async function invoiceFor(gstin: string, items: unknown[] = LINES) {
  const email = `notes-${++counter}@example.com`;
  await run('createClient', { email, gstin });
  return run('createInvoice', { client_email: email, currency: 'INR', items });
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as ApiError | InputError;
  }
  throw new Error('it was accepted');
};

describe('a three-line tax invoice within the supplier state', () => {
  let invoice: any;
  beforeAll(async () => {
    invoice = await invoiceFor(MAHARASHTRA);
  });

  test('as issued: CGST + SGST per line, ₹6,612.96 in all', () => {
    expect(invoice.items.map((line: any) => [line.amount, line.cgst, line.sgst])).toEqual([
      [370371, 33333, 33333],
      [99999, 9000, 9000],
      [90050, 8105, 8105],
    ]);
    expect(invoice.amount_due).toBe(661296);
  });

  test('a credit note of 1.5 of line 1’s 3 units reverses each head to the paisa', async () => {
    const note = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'sales_return',
      line: 1,
      quantity: '1.5',
    });
    // value(3) − value(1.5) = 3,703.71 − 1,851.86 (1,851.855 half-up) = ₹1,851.85 taxable;
    // 9 % of it = 166.6665 → ₹166.67 each of CGST and SGST; ₹2,185.19 in all.
    expect(note.lines).toEqual([
      expect.objectContaining({
        line: 1,
        description: 'Kurta, cotton',
        quantity: 1.5,
        unit_price: 123457,
        gst_rate: '18',
        amount: 185185,
        cgst: 16667,
        sgst: 16667,
        utgst: 0,
        igst: 0,
        total: 218519,
      }),
    ]);
    expect(note).toMatchObject({
      object: 'credit_note',
      status: 'issued',
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      invoice_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      note_reason: 'sales_return',
      taxable_value: 185185,
      cgst: 16667,
      sgst: 16667,
      total: 218519,
      total_formatted: '₹2,185.19',
      tax: { supply_type: 'intra_state', place_of_supply: '27', client_gstin: MAHARASHTRA },
    });
    expect(note.id).toMatch(/^cn_/);
    expect(note.number).toMatch(/^CN-\d{6}$/);
    // What is owed falls by the credit: 6,612.96 − 2,185.19 = ₹4,427.77.
    const after = await run('getInvoice', { invoice_id: invoice.id });
    expect(after).toMatchObject({ amount_credited: 218519, amount_remaining: 442777, amount_refundable: 0 });
  });

  test('a credit past what remains of the line is refused in its words', async () => {
    // Left of line 1: 3,703.71 − 1,851.85 = ₹1,851.86 taxable; a paisa more is refused.
    const error = await failure(
      run('createCreditNote', {
        invoice_id: invoice.id,
        note_reason: 'correction',
        line: 1,
        taxable_amount: '1,851.87',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'credit_exceeds_remaining' });
    expect(error.message).toContain(
      `Taxable Amount must be at most ₹1,851.86, the taxable value of line 1 of ${invoice.number} not yet credited`,
    );
  });

  test('the other 1.5 units take exactly what is left of line 1', async () => {
    const note = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'sales_return',
      line: 1,
      quantity: '1.5',
    });
    // 1,851.86 taxable and the 333.33 − 166.67 = ₹166.66 left of each head: ₹2,185.18; with the first, the line's ₹4,370.37.
    expect(note.lines[0]).toMatchObject({ amount: 185186, cgst: 16666, sgst: 16666, total: 218518 });
    expect(218519 + note.total).toBe(invoice.items[0].total);
  });

  test('a lump-sum credit note of ₹1,000.05 at the invoice’s one rate', async () => {
    const note = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'post_sale_discount',
      taxable_amount: '1,000.05',
    });
    // 1,000.05 × 9 % = 90.0045 → ₹90.00 each; ₹1,180.05 in all.
    expect(note.lines).toEqual([
      expect.objectContaining({ line: null, gst_rate: '18', amount: 100005, cgst: 9000, sgst: 9000 }),
    ]);
    expect(note.total).toBe(118005);
  });
});

describe('the same invoice across states (Karnataka)', () => {
  test('IGST reversed at 18 %, for the partial and the lump sum', async () => {
    const invoice = await invoiceFor(KARNATAKA);
    expect(invoice.items.map((line: any) => line.igst)).toEqual([66667, 18000, 16209]);
    const partial = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'sales_return',
      line: 1,
      quantity: '1.5',
    });
    // 1,851.85 × 18 % = 333.333 → ₹333.33 IGST; ₹2,185.18 in all.
    expect(partial.lines[0]).toMatchObject({ amount: 185185, cgst: 0, sgst: 0, igst: 33333, total: 218518 });
    expect(partial.tax).toMatchObject({ supply_type: 'inter_state', place_of_supply: '29' });
    const lump = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      taxable_amount: '1,000.05',
    });
    // 1,000.05 × 18 % = 180.009 → ₹180.01; ₹1,180.06 in all.
    expect(lump).toMatchObject({ igst: 18001, cgst: 0, total: 118006 });
  });
});

describe('a debit note', () => {
  test('₹1,500.00 more on line 3, typed with its comma, raises what is owed and the UPI link', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    expect(invoice.upi_link).toContain('am=6612.96');
    const note = await run('createDebitNote', {
      invoice_id: invoice.id,
      note_reason: 'correction',
      line: 3,
      taxable_amount: '1,500.00',
    });
    // 1,500.00 × 9 % = ₹135.00 each of CGST and SGST; ₹1,770.00 in all.
    expect(note).toMatchObject({
      object: 'debit_note',
      taxable_value: 150000,
      cgst: 13500,
      sgst: 13500,
      total: 177000,
    });
    expect(note.number).toMatch(/^DN-\d{6}$/);
    const after = await run('getInvoice', { invoice_id: invoice.id });
    // 6,612.96 + 1,770.00 = ₹8,382.96 owed, and the link asks for it.
    expect(after).toMatchObject({ amount_debited: 177000, amount_remaining: 838296 });
    expect(after.upi_link).toContain('am=8382.96');
  });
});

describe('refusals', () => {
  test('a lump sum on an invoice with two rates names the rates and asks for a line', async () => {
    const invoice = await invoiceFor(MAHARASHTRA, [LINES[0], { ...LINES[1], gst_rate: '5' }]);
    const error = await failure(
      run('createCreditNote', { invoice_id: invoice.id, note_reason: 'others', taxable_amount: '100.00' }),
    );
    expect(error).toMatchObject({ status: 422, code: 'lump_sum_mixed_rates' });
    expect(error.message).toContain('has several (18, 5): give Invoice Line to say which line');
  });

  test('a line the invoice does not have', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    const error = await failure(
      run('createCreditNote', { invoice_id: invoice.id, note_reason: 'others', line: 4, quantity: '1' }),
    );
    expect(error).toMatchObject({ status: 422, code: 'line_not_found' });
    expect(error.message).toContain(`Invoice Line 4 is not a line of ${invoice.number}, which has 3 lines (1 to 3)`);
  });

  test('a void invoice takes no note', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    await run('voidInvoice', { invoice_id: invoice.id });
    // The service's refusal, asked directly; the connectors refuse it after reading the invoice, before any write.
    const asked = { invoice_id: invoice.id, note_reason: 'others' };
    const answer = await t.send(operations.createCreditNote.request(t.connection, asked as never));
    expect(answer).toMatchObject({ status: 409, body: { code: 'invoice_void' } });
    const error = await failure(run('createCreditNote', asked));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`Invoice ID is ${invoice.number}, which is void: no credit note can be issued on it`);
  });

  test('crediting all that remains, then once more: nothing is left', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    const all = await run('createCreditNote', { invoice_id: invoice.id, note_reason: 'sales_return' });
    expect(all.lines.map((line: any) => line.line)).toEqual([1, 2, 3]);
    expect(all.total).toBe(661296);
    const after = await run('getInvoice', { invoice_id: invoice.id });
    expect(after).toMatchObject({ amount_remaining: 0, amount_credited: 661296, status: 'open' });
    const asked = { invoice_id: invoice.id, note_reason: 'sales_return' };
    const answer = await t.send(operations.createCreditNote.request(t.connection, asked as never));
    expect(answer).toMatchObject({ status: 409, body: { code: 'nothing_to_credit' } });
    const error = await failure(run('createCreditNote', asked));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(
      `Invoice ID is ${invoice.number}, which has nothing left to credit: its notes so far have credited all of it ` +
        '(₹6,612.96)',
    );
  });
});

describe('a credit on a paid invoice', () => {
  test('leaves a balance to refund', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    await run('recordPayment', { invoice_id: invoice.id, method: 'cash', amount: '6,612.96' });
    await run('createCreditNote', { invoice_id: invoice.id, note_reason: 'sales_return', line: 2, quantity: '1' });
    // Line 2 whole: 999.99 + 90.00 + 90.00 = ₹1,179.99, paid already, so owed back.
    const after = await run('getInvoice', { invoice_id: invoice.id });
    expect(after).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
      amount_credited: 117999,
      amount_refundable: 117999,
    });
    expect(after.amount_refundable_formatted).toBe('₹1,179.99');
  });
});

describe('bad input is refused before any request, in the field’s words', () => {
  const sent: HttpRequest[] = [];
  const counting = (request: HttpRequest) => {
    sent.push(request);
    return t.send(request);
  };
  const given = (raw: Record<string, unknown>) =>
    failure(runOperation(operations.createCreditNote, t.connection, { invoice_id: 'inv_1', ...raw }, counting));

  test.each([
    [{ note_reason: 'refund' }, 'Reason must be one of sales_return, post_sale_discount'],
    [{ note_reason: 'others', taxable_amount: '-5' }, 'Taxable Amount cannot be negative'],
    [{ note_reason: 'others', quantity: '1' }, 'Quantity needs Invoice Line'],
    [
      { note_reason: 'others', line: 1, quantity: '1', taxable_amount: '1.00' },
      'Taxable Amount must be left empty when Quantity is given',
    ],
    [{ note_reason: 'others', line: 0, quantity: '1' }, 'Invoice Line must be an invoice line number from 1'],
  ])('%j', async (raw, words) => {
    const error = await given(raw);
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toContain(words);
    expect(sent).toEqual([]);
  });

  test('a debit note needs to say what it adds', async () => {
    const error = await failure(
      runOperation(operations.createDebitNote, t.connection, { invoice_id: 'inv_1', note_reason: 'others' }, counting),
    );
    expect(error.message).toContain('Taxable Amount is required on a debit note');
    expect(sent).toEqual([]);
  });
});

describe('events', () => {
  test('a credit note emits credit_note.created then invoice.credited, each with the note and the invoice after it', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    const note = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      line: 2,
      quantity: '1',
    });
    const latest = async (type: string) => (await run('listEvents', { type, limit: 1 })).data[0];
    const created = await latest('credit_note.created');
    const credited = await latest('invoice.credited');
    expect(created.data.credit_note.id).toBe(note.id);
    expect(credited.data.credit_note.id).toBe(note.id);
    // 6,612.96 − (999.99 + 90.00 + 90.00) = ₹5,432.97 owed after it.
    expect(credited.data.invoice).toMatchObject({ id: invoice.id, amount_credited: 117999, amount_remaining: 543297 });
    const debit = await run('createDebitNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      taxable_amount: '1.00',
    });
    expect((await latest('debit_note.created')).data.debit_note.id).toBe(debit.id);
    expect((await latest('invoice.debited')).data.invoice.amount_debited).toBe(debit.total);
  });
});

describe('finding notes', () => {
  test('by ID, and listed by invoice, newest first', async () => {
    const invoice = await invoiceFor(MAHARASHTRA);
    const first = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      line: 2,
      taxable_amount: '10.00',
    });
    const second = await run('createCreditNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      line: 2,
      taxable_amount: '20.00',
    });
    expect(await run('getCreditNote', { credit_note_id: first.id })).toMatchObject({
      id: first.id,
      total: first.total,
    });
    const page = await run('listCreditNotes', { invoice_id: invoice.id });
    expect(page.data.map((note: any) => note.id)).toEqual([second.id, first.id]);
    const debit = await run('createDebitNote', {
      invoice_id: invoice.id,
      note_reason: 'others',
      line: 2,
      taxable_amount: '5.00',
    });
    expect(await run('getDebitNote', { debit_note_id: debit.id })).toMatchObject({ number: debit.number });
    expect((await run('listDebitNotes', { invoice_id: invoice.id })).data).toHaveLength(1);
  });
});

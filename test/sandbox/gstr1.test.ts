/**
 * Get GSTR-1 against the sandbox (docs/api-contract.md, "GSTR-1 (issue 41)"): this month's tax invoices and notes,
 * issued through the operations as a workflow would, and the return read back through the operation; each figure
 * worked by hand. The sandbox account is a supplier in Maharashtra (27). Amounts in paise.
 */
import { InputError, gstr1FileSchema, operations, runOperation, todayIn, type HttpRequest } from '../../shared';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
let requests: HttpRequest[] = [];
const send = (request: HttpRequest) => {
  requests.push(request);
  return t.send(request);
};
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const run = <K extends keyof typeof operations>(name: K, raw: Record<string, unknown>) =>
  runOperation(operations[name] as never, t.connection, raw, send) as Promise<any>;

let counter = 0;
async function invoiceFor(gstin: string | undefined, items: unknown[], more: Record<string, unknown> = {}) {
  const email = `gstr1-${++counter}@example.com`;
  await run('createClient', { email, ...(gstin ? { gstin } : {}) });
  return run('createInvoice', { client_email: email, currency: 'INR', items, ...more });
}

describe('a month with B2B within and across states, B2C large and small, a void invoice and two notes', () => {
  let answer: any;
  let period: string;
  beforeAll(async () => {
    // B2B within Maharashtra: 3 × ₹1,234.57 = ₹3,703.71 at 18 %: 9 % = 333.3339 → ₹333.33 each of CGST and SGST
    const intra = await invoiceFor('27AAPFU0939F1ZV', [
      { description: 'Kurta', quantity: '3', unit: 'NOS', unit_price: '1,234.57', hsn_sac: '6211', gst_rate: '18' },
    ]);
    // B2B to Karnataka: 2 × ₹1,250.00 = ₹2,500.00 at 18 % IGST = ₹450.00
    await invoiceFor('29AAGCB7383J1Z4', [
      {
        description: 'Laptop bag',
        quantity: '2',
        unit: 'pcs',
        unit_price: '1,250.00',
        hsn_sac: '4202',
        gst_rate: '18',
      },
    ]);
    // B2C to Karnataka: ₹1,20,000.00 at 18 % IGST = ₹21,600.00, ₹1,41,600.00 in all: more than ₹1 lakh, so b2cl
    const large = await invoiceFor(
      undefined,
      [{ description: 'Sofa', quantity: '1', unit: 'NOS', unit_price: '1,20,000.00', hsn_sac: '9401', gst_rate: '18' }],
      { place_of_supply: '29' },
    );
    // B2C within Maharashtra: 4 × ₹5.00 = ₹20.00 at 5 %: ₹0.50 each of CGST and SGST
    await invoiceFor(undefined, [
      { description: 'Notebook', quantity: '4', unit: 'NOS', unit_price: '5.00', hsn_sac: '4820', gst_rate: '5' },
    ]);
    // voided before it was sent: only Table 13 counts it
    const voided = await invoiceFor(undefined, [
      { description: 'Kurta', quantity: '1', unit: 'NOS', unit_price: '500.00', hsn_sac: '6211', gst_rate: '5' },
    ]);
    await run('voidInvoice', { invoice_id: voided.id });
    // credit note: 1 of the 3 kurtas, ₹1,234.57; 9 % = 111.1113 → ₹111.11 each
    await run('createCreditNote', { invoice_id: intra.id, note_reason: 'sales_return', line: '1', quantity: '1' });
    // debit note on the sofa: ₹5,000.00 more at 18 % IGST = ₹900.00
    await run('createDebitNote', {
      invoice_id: large.id,
      note_reason: 'correction',
      line: '1',
      taxable_amount: '5,000.00',
    });
    period = todayIn(new Date(intra.created_at)).slice(0, 7);
    answer = await run('getGstr1', { period });
  });

  test('the summary, section by section', () => {
    expect(answer).toMatchObject({
      period,
      b2b_invoices: 2,
      b2b_taxable_value: 370371 + 250000,
      b2b_tax: 2 * 33333 + 45000,
      b2cl_invoices: 1,
      b2cl_taxable_value: 12000000,
      b2cl_tax: 2160000,
      b2cl_taxable_value_formatted: '₹1,20,000.00',
      b2cs_invoices: 1,
      b2cs_taxable_value: 2000,
      b2cs_tax: 100,
      cdnr_notes: 1,
      cdnr_taxable_value: -123457,
      cdnr_tax: -2 * 11111,
      cdnur_notes: 1,
      cdnur_taxable_value: 500000,
      cdnur_tax: 90000,
      // 620,371 + 12,000,000 + 2,000 − 123,457 + 500,000; tax 111,666 + 2,160,000 + 100 − 22,222 + 90,000
      taxable_value: 12998914,
      tax: 2339544,
      tax_formatted: '₹23,395.44',
      hsn_rows: 4,
      hsn_taxable_value: 12998914,
      hsn_tax: 2339544,
      documents_issued: 7,
      documents_cancelled: 1,
      warnings: [],
    });
    expect(answer.id).toBe(`GSTR1_${period.slice(5)}${period.slice(0, 4)}_${answer.gstin}`);
    expect(answer.file_name).toBe(`${answer.id}.json`);
  });

  test('the file: our schema of the offline format, the B2C large invoice and the notes where they belong', () => {
    expect(gstr1FileSchema.safeParse(answer.gstr1).error?.issues).toBeUndefined();
    expect(answer.gstr1.b2cl).toEqual([
      expect.objectContaining({
        pos: '29',
        inv: [
          expect.objectContaining({
            val: 141600,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }],
          }),
        ],
      }),
    ]);
    expect(answer.gstr1.cdnr[0].nt[0]).toMatchObject({
      ntty: 'C',
      val: 1456.79,
      itms: [{ itm_det: { camt: 111.11 } }],
    });
    expect(answer.gstr1.cdnur[0]).toMatchObject({ ntty: 'D', typ: 'B2CL', val: 5900, pos: '29' });
    expect(answer.gstr1.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 5, txval: 20, camt: 0.5, samt: 0.5, csamt: 0 },
    ]);
    expect(
      answer.gstr1.doc_issue.doc_det.map((row: any) => [row.doc_num, row.docs[0].totnum, row.docs[0].cancel]),
    ).toEqual([
      [1, 5, 1],
      [4, 1, 0],
      [5, 1, 0],
    ]);
  });
});

describe('a period refused before any request, in the field’s words', () => {
  const refusal = async (period: unknown) => {
    requests = [];
    const error = await run('getGstr1', { period }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(InputError);
    expect(requests).toEqual([]);
    return (error as InputError).message;
  };
  const thisMonth = todayIn(new Date()).slice(0, 7);
  const [year, month] = thisMonth.split('-').map(Number);
  const nextMonth = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;

  test.each([
    ['10-2026', 'Period must be a month written YYYY-MM, e.g. 2026-10 for October 2026'],
    ['2026-13', 'Period must be a month written YYYY-MM, e.g. 2026-10 for October 2026'],
    ['2017-06', 'Period must be 2017-07 or later (GST began in July 2017)'],
  ])('%s', async (period, words) => {
    expect(await refusal(period)).toContain(words);
  });

  test('a month not yet begun', async () => {
    expect(await refusal(nextMonth)).toContain(
      `Period must be a month that has begun: ${nextMonth} is after this month`,
    );
  });

  test('the service refuses the same in the same words', async () => {
    const request = operations.getGstr1.request(t.connection, { period: thisMonth } as never);
    const response = await t.send({ ...request, url: request.url.replace(thisMonth, nextMonth) });
    expect(response.status).toBe(422);
    expect((response.body as any).errors).toEqual([
      { param: 'period', message: expect.stringContaining(`Period must be a month that has begun: ${nextMonth}`) },
    ]);
  });
});

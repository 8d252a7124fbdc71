/** GST invoices from the built n8n node, run by n8n-core's WorkflowExecute against the sandbox (supplier in Maharashtra, 27). */
import { invoiceCount, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

// Three lines at three rates, typed as people write them, each line's particulars behind its Add Field.
const gstInvoice = (extra: Record<string, unknown> = {}) => ({
  resource: 'invoice',
  operation: 'create',
  client_email: 'blr-n8n@example.com',
  currency: 'INR',
  items: {
    item: [
      {
        description: 'Laptop stand',
        amount: '',
        more: { quantity: '3', unit: 'NOS', unit_price: '1,250.50', hsn_sac: '8473 30', gst_rate: '18' },
      },
      {
        description: 'Set-up, hours',
        amount: '',
        more: { quantity: '1.5', unit: 'hrs', unit_price: '999.99', hsn_sac: '998314', gst_rate: '5' },
      },
      { description: 'Delivery', amount: '200.00', more: { gst_rate: 'exempt' } },
    ],
  },
  gst: { place_of_supply: '29' },
  ...extra,
});

describe('GST invoice from n8n', () => {
  test('three lines at three rates to Karnataka: IGST computed by the service, labelled figures back', async () => {
    const run = await s.run(gstInvoice());
    expect(run.error).toBeUndefined();
    const invoice = run.items[0].json as any;
    expect(invoice.items.map((line: any) => [line.amount, line.igst, line.total_formatted])).toEqual([
      [375150, 67527, '₹4,426.77'],
      [149999, 7500, '₹1,574.99'],
      [20000, 0, '₹200.00'],
    ]);
    expect(invoice.tax).toMatchObject({
      place_of_supply: '29',
      supply_type: 'inter_state',
      taxable_value: 545149,
      igst: 75027,
      total_tax_formatted: '₹750.27',
      total_formatted: '₹6,201.76',
    });
    expect(invoice.amount_due).toBe(620176);
  });

  test('a bad client GSTIN is refused naming the field and the character, with nothing sent', async () => {
    const before = await invoiceCount(s);
    const run = await s.run({
      resource: 'client',
      operation: 'create',
      email: 'bad-gstin@example.com',
      additionalFields: { gstin: '27AAPFU0939F1ZX' },
    });
    const error = run.error as any;
    expect(error.name).toBe('NodeOperationError');
    expect(error.message).toContain(
      'GSTIN has the check character "X" at position 15, but the first 14 characters give "V"',
    );
    const wrongRate = await s.run(
      gstInvoice({ items: { item: [{ description: 'A', amount: '10', more: { gst_rate: '28' } }] } }),
    );
    expect((wrongRate.error as any).message).toContain('Item 1: gst_rate is not a GST rate in force (you entered 28)');
    expect(await invoiceCount(s)).toBe(before);
  });
});

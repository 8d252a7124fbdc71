/**
 * GST tax invoices in the demo (issue 30): a B2B client in the supplier's own state (Maharashtra, 27) from
 * Zapier and one in Karnataka (29) from n8n, each with the same three lines at three rates, unit prices typed as
 * people write them and a fractional quantity. The service computes the tax: CGST + SGST within the state, IGST
 * across. By hand: 3 × ₹1,250.50 = ₹3,751.50 at 18 %, 2.5 kg × ₹480.00 = ₹1,200.00 at 5 %, 2 × ₹350.00 = ₹700.00
 * at 0 %; taxable ₹5,651.50. Within the state CGST = SGST = 337.635 → ₹337.64 + ₹30.00 = ₹367.64 each, total
 * ₹6,386.78; across states IGST ₹675.27 + ₹60.00 = ₹735.27, total ₹6,386.77 (one paisa less: half-up per head).
 */
import type { PresentedInvoice } from '../shared';
import type { N8nSide } from './n8n';
import { check, type Steps } from './steps';
import type { ZapierSide } from './zapier';

export const GST_CLIENTS = {
  intra: { email: 'accounts@punetraders.example', name: 'Pune Traders', gstin: '27AAPFU0939F1ZV' },
  inter: { email: 'accounts@blrfoods.example', name: 'Bengaluru Foods', gstin: '29AAGCB7383J1Z4' },
};

const LINES = [
  {
    description: 'Laptop stand',
    quantity: '3',
    unit: 'NOS',
    unit_price: '1,250.50',
    hsn_sac: '847330',
    gst_rate: '18',
  },
  { description: 'Assam tea', quantity: '2.5', unit: 'kg', unit_price: '480.00', hsn_sac: '0902', gst_rate: '5' },
  { description: 'Printed manual', quantity: '2', unit: 'NOS', unit_price: '350', hsn_sac: '4901', gst_rate: '0' },
];

type Tax = NonNullable<PresentedInvoice['tax']> & Record<string, unknown>;
const taxOf = (invoice: PresentedInvoice) => invoice.tax as Tax;

/** "₹5,651.50 + CGST ₹367.64 + SGST ₹367.64 = ₹6,386.78": the service's figures, as it formats them. */
export function taxLine(invoice: PresentedInvoice, withTotal = true): string {
  const tax = taxOf(invoice);
  const heads = tax.supply_type === 'intra_state' ? ['cgst', 'sgst'] : ['igst'];
  const levied = heads.map((head) => ` + ${head.toUpperCase()} ${String(tax[`${head}_formatted`])}`).join('');
  return `${String(tax.taxable_value_formatted)}${levied}${withTotal ? ` = ${String(tax.total_formatted)}` : ''}`;
}

/** A step's result: the number and the heads levied (the summary adds the totals), short enough for one line. */
const stepLine = (invoice: PresentedInvoice) => `${invoice.number}: ${taxLine(invoice, false)}`;

/** Both invoices, each checked against the figures worked by hand above. */
export async function gstInvoices(steps: Steps, z: ZapierSide, n: N8nSide): Promise<PresentedInvoice[]> {
  const intra = await steps.run(
    'Zapier: GST invoice within Maharashtra',
    async () => {
      await z.create('create_client', GST_CLIENTS.intra);
      const invoice = await z.createInvoice({ client_email: GST_CLIENTS.intra.email, currency: 'INR', items: LINES });
      const tax = taxOf(invoice);
      check(
        tax?.supply_type === 'intra_state' && tax.cgst === 36764 && tax.sgst === 36764 && tax.total === 638678,
        `the intra-state invoice came back as ${JSON.stringify(tax)}`,
      );
      return invoice;
    },
    stepLine,
  );
  const inter = await steps.run(
    'n8n: GST invoice to Karnataka',
    async () => {
      await n.run({
        resource: 'client',
        operation: 'create',
        email: GST_CLIENTS.inter.email,
        additionalFields: { name: GST_CLIENTS.inter.name, gstin: GST_CLIENTS.inter.gstin },
      });
      const invoice = await n.createInvoice({
        client_email: GST_CLIENTS.inter.email,
        currency: 'INR',
        items: { item: LINES.map(({ description, ...more }) => ({ description, amount: '', more })) },
      });
      const tax = taxOf(invoice);
      check(
        tax?.supply_type === 'inter_state' && tax.igst === 73527 && tax.cgst === 0 && tax.total === 638677,
        `the inter-state invoice came back as ${JSON.stringify(tax)}`,
      );
      return invoice;
    },
    stepLine,
  );
  return [intra, inter];
}

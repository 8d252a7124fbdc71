/**
 * The hosted page of a tax invoice: the particulars CGST Rules 2017 rule 46 asks a tax invoice to carry that the
 * service holds (supplier's and recipient's GSTIN, number and date, place of supply with its state, per line the
 * HSN/SAC, quantity and unit, rate, taxable value and each tax head, and the totals; contract: "GST tax invoices").
 */
import type { Invoice } from '../../shared';

type Tax = NonNullable<Invoice['tax']>;

export function taxInvoiceHtml(
  invoice: Invoice & { tax: Tax },
  money: (amount: number) => string,
  escapeHtml: (text: string) => string,
): string {
  const { tax } = invoice;
  const intra = tax.supply_type === 'intra_state';
  const second = tax.utgst ? 'UTGST' : 'SGST';
  const heads = intra ? ['CGST', second] : ['IGST'];
  const rate = (value: string | undefined) => (value && /^\d/.test(value) ? `${value} %` : escapeHtml(value ?? ''));
  const rows = invoice.items.map((line) => {
    const amounts = intra ? [line.cgst ?? 0, (tax.utgst ? line.utgst : line.sgst) ?? 0] : [line.igst ?? 0];
    return (
      `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(line.hsn_sac ?? '')}</td>` +
      `<td>${line.quantity ?? ''} ${escapeHtml(line.unit ?? '')}</td>` +
      `<td>${rate(line.gst_rate)}</td><td>${money(line.amount)}</td>` +
      `${amounts.map((amount) => `<td>${money(amount)}</td>`).join('')}</tr>`
    );
  });
  const totals = intra ? [tax.cgst, tax.utgst || tax.sgst] : [tax.igst];
  return (
    `<h1>Tax Invoice ${escapeHtml(invoice.number)}</h1>
<p>Date ${escapeHtml(invoice.created_at.slice(0, 10))} · Supplier GSTIN ${escapeHtml(tax.supplier_gstin)}</p>
<p>To ${escapeHtml(invoice.client_email)}${tax.client_gstin ? ` · GSTIN ${escapeHtml(tax.client_gstin)}` : ''}</p>
<p>Place of supply: ${escapeHtml(tax.place_of_supply)} ${escapeHtml(tax.place_of_supply_name)} · Reverse charge: No</p>
<table><tr><th>Description</th><th>HSN/SAC</th><th>Qty</th><th>Rate</th><th>Taxable value</th>` +
    `${heads.map((head) => `<th>${head}</th>`).join('')}</tr>
${rows.join('\n')}
<tr><th colspan="4">Total</th><td>${money(tax.taxable_value)}</td>` +
    `${totals.map((amount) => `<td>${money(amount)}</td>`).join('')}</tr></table>
<p>Total tax ${money(tax.total_tax)} · Invoice total ${money(tax.total)}</p>`
  );
}

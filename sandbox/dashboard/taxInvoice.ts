/**
 * The hosted page of a tax invoice: the particulars CGST Rules 2017 rule 46 asks a tax invoice to carry that the
 * service holds (supplier's and recipient's GSTIN, number and date, place of supply with its state, per line the
 * HSN/SAC, quantity and unit, unit price, rate, taxable value and each tax head, and the totals; contract: "GST tax
 * invoices"), as domain/taxInvoiceParticulars.ts works them out for the PDF too.
 */
import { TAX_INVOICE_WORDS as words, type TaxInvoice, taxInvoiceParticulars } from '../domain/taxInvoiceParticulars';

export function taxInvoiceHtml(
  invoice: TaxInvoice,
  money: (amount: number) => string,
  escapeHtml: (text: string) => string,
): string {
  const { tax } = invoice;
  const shown = taxInvoiceParticulars(invoice, money);
  const cells = (tag: string, texts: string[]) => texts.map((text) => `<${tag}>${text}</${tag}>`).join('');
  // Every cell escaped: a line's words are the client's; amounts (already escaped by `money`) hold nothing to escape.
  const rows = shown.rows.map((row) => `<tr>${cells('td', row.map(escapeHtml))}</tr>`);
  const span = shown.columns.length - shown.columnTotals.length;
  return (
    `<h1>${words.title} ${escapeHtml(invoice.number)}</h1>
<p>Date ${escapeHtml(invoice.created_at.slice(0, 10))} · ${words.supplierGstin} ${escapeHtml(tax.supplier_gstin)}</p>
<p>To ${escapeHtml(invoice.client_email)}` +
    `${tax.client_gstin ? ` · ${words.clientGstin} ${escapeHtml(tax.client_gstin)}` : ''}</p>
<p>${words.placeOfSupply}: ${escapeHtml(shown.placeOfSupply)} · ${words.reverseCharge}</p>
<table><tr>${cells(
      'th',
      shown.columns.map((column) => column.label),
    )}</tr>
${rows.join('\n')}
<tr><th colspan="${span}">${words.total}</th>${cells('td', shown.columnTotals.map(escapeHtml))}</tr></table>
<p>${shown.totals.map(([label, amount]) => `${label} ${escapeHtml(amount)}`).join(' · ')}</p>`
  );
}

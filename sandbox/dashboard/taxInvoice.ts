/**
 * A tax invoice as HTML, for the hosted page and the dashboard's invoice page alike: the particulars CGST Rules
 * 2017 rule 46 asks a tax invoice to carry that the service holds (supplier's and recipient's names, addresses
 * and GSTINs, number and date, place of supply with its state, per line the HSN/SAC, quantity and unit, unit
 * price, rate, taxable value and each tax head, the totals, the signatory; contract: "GST tax invoices"), as
 * domain/taxInvoiceParticulars.ts works them out for the PDF too.
 */
import type { InvoiceParties, Party } from '../domain/invoiceParties';
import { TAX_INVOICE_WORDS as words, type TaxInvoice, taxInvoiceParticulars } from '../domain/taxInvoiceParticulars';

export function taxInvoiceHtml(
  invoice: TaxInvoice,
  parties: InvoiceParties,
  money: (amount: number) => string,
  escapeHtml: (text: string) => string,
  heading: 'h1' | 'h2' = 'h1',
): string {
  const { tax } = invoice;
  const shown = taxInvoiceParticulars(invoice, parties, money);
  // Figures right-aligned (class "figure"), as the PDF draws them, so the paise line up.
  const cells = (tag: string, texts: string[], from = 0) =>
    texts
      .map((text, index) => {
        const figure = shown.columns[from + index]?.figure ? ' class="figure"' : '';
        return `<${tag}${figure}>${text}</${tag}>`;
      })
      .join('');
  // Every cell escaped: a line's words are the client's; amounts (already escaped by `money`) hold nothing to escape.
  const rows = shown.rows.map((row) => `<tr>${cells('td', row.map(escapeHtml))}</tr>`);
  const span = shown.columns.length - shown.columnTotals.length;
  const party = (title: string, { name, lines }: Party, gstin: string | null) =>
    `<address><strong>${title}</strong><br>${[name, ...lines].map(escapeHtml).join('<br>')}` +
    `${gstin ? `<br>${title === words.supplier ? words.supplierGstin : words.clientGstin} ${escapeHtml(gstin)}` : ''}` +
    `</address>`;
  const totals = shown.totals
    .map(([label, amount]) => `<dt>${label}</dt><dd class="figure">${escapeHtml(amount)}</dd>`)
    .join('');
  return `<section class="tax-invoice">
<${heading}>${words.title} ${escapeHtml(invoice.number)}</${heading}>
<p>Date ${escapeHtml(invoice.created_at.slice(0, 10))} · ${words.placeOfSupply}: ${escapeHtml(shown.placeOfSupply)} · ${
    words.reverseCharge
  }</p>
<div class="parties">${party(words.supplier, shown.supplier, tax.supplier_gstin)}${party(
    words.recipient,
    shown.recipient,
    tax.client_gstin,
  )}</div>
<table><tr>${cells(
    'th',
    shown.columns.map((column) => column.label),
  )}</tr>
${rows.join('\n')}
<tr class="total"><th colspan="${span}">${words.total}</th>${cells('td', shown.columnTotals.map(escapeHtml), span)}</tr>
</table>
<dl class="tax-totals">${totals}</dl>
<p class="signatory">${shown.signatory.map(escapeHtml).join('<br>')}</p>
</section>`;
}

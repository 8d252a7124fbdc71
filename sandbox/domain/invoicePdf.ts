/**
 * The invoice as a PDF (docs/api-contract.md, "The PDF"), made with pdfkit: number, dates, who it is from and
 * to with their postal addresses (as issued: invoiceParties.ts), lines,
 * totals, amount due, the hosted link and, while UPI can pay it, the UPI QR code (the `qrcode` package's
 * matrix, drawn as squares). An invoice with `tax` is a tax invoice with rule 46's particulars, as the hosted
 * page shows them (taxInvoiceParticulars.ts). pdfkit writes into its stream's buffer as it goes, so the file
 * is read back synchronously once the document ends.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FIELDS, type Invoice, currencyExponent, fromMinor } from '../../shared';
import type { InvoiceParties, Party } from './invoiceParties';
import { TAX_INVOICE_WORDS, type TaxInvoiceParticulars, taxInvoiceParticulars } from './taxInvoiceParticulars';

const invoiceWords = FIELDS.invoice;

/**
 * "INR 1,999.00": the PDF's standard fonts (WinAnsi) have no ₹, so amounts carry the ISO code, with the
 * currency's own ISO 4217 decimals as everywhere else.
 */
export function moneyWithCode(amount: number, currency: string): string {
  const digits = currencyExponent(currency);
  const number = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fromMinor(amount, currency));
  return `${currency} ${number}`;
}

/** The QR of `text` drawn at (x, y), `size` points square, with a quiet zone of two modules. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 4);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) doc.rect(x + (col + 2) * cell, y + (row + 2) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** Widths in points of the tax invoice's narrow columns; the description takes what is left of the line. */
const FIGURE_WIDTH = 62;
/** HSN/SAC, quantity and rate, by their headings: each as wide as its bold 8-point heading. */
const NARROW_WIDTH: Record<string, number> = {
  [FIELDS.item.hsnSac.label]: 62,
  [FIELDS.item.quantity.label]: 46,
  [FIELDS.item.gstRate.label]: 44,
};

/** The lines as a table, a row per line, then the totals under the taxable value and each head. */
export function drawTaxTable(
  doc: PDFKit.PDFDocument,
  shown: Pick<TaxInvoiceParticulars, 'columns' | 'rows' | 'columnTotals'>,
): void {
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  const widths = shown.columns.map((column) => NARROW_WIDTH[column.label] ?? (column.figure ? FIGURE_WIDTH : 0));
  widths[0] = full - widths.reduce((sum, width) => sum + width, 0);
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + full, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.y += 3;
  };
  const heading = () => {
    row(
      shown.columns.map((column) => column.label),
      'Helvetica-Bold',
    );
    rule();
  };
  const row = (cells: string[], font = 'Helvetica'): void => {
    doc.font(font);
    const options = (index: number) => ({
      width: widths[index] - 4,
      align: shown.columns[index].figure ? ('right' as const) : ('left' as const),
    });
    const height = Math.max(...cells.map((cell, index) => doc.heightOfString(cell || ' ', options(index))));
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      // A new page starts with the headings again, so its figures still say what they are.
      doc.addPage();
      heading();
      doc.font(font);
    }
    const top = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      doc.text(cell, x, top, options(index));
      x += widths[index];
    });
    doc.x = left;
    doc.y = top + height + 3;
  };
  doc.fontSize(8);
  heading();
  for (const cells of shown.rows) row(cells);
  rule();
  const blanks = shown.columns.length - shown.columnTotals.length - 1;
  row([TAX_INVOICE_WORDS.total, ...Array<string>(blanks).fill(''), ...shown.columnTotals], 'Helvetica-Bold');
  doc.font('Helvetica').fontSize(10);
}

/** The parties side by side, each under its heading: its name in bold, its address and contact lines, `more`. */
export function drawParties(
  doc: PDFKit.PDFDocument,
  blocks: Array<[heading: string, party: Party, more: string[]]>,
): void {
  const left = doc.page.margins.left;
  const width = (doc.page.width - left - doc.page.margins.right) / blocks.length;
  const top = doc.y;
  let bottom = top;
  blocks.forEach(([heading, party, more], index) => {
    const options = { width: width - 12 };
    doc.fontSize(12).text(heading, left + index * width, top, options);
    doc.fontSize(10).font('Helvetica-Bold').text(party.name, options).font('Helvetica');
    for (const line of [...party.lines, ...more]) doc.text(line, options);
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom;
}

/** Who a document is from and to, each with its GSTIN when it has one (rule 46(a) and (e); rule 53(1A)(a), (e)). */
export function drawDocumentParties(
  doc: PDFKit.PDFDocument,
  parties: InvoiceParties,
  tax: { supplier_gstin: string; client_gstin: string | null } | null | undefined,
): void {
  drawParties(doc, [
    [
      TAX_INVOICE_WORDS.supplier,
      parties.supplier,
      tax ? [`${TAX_INVOICE_WORDS.supplierGstin}: ${tax.supplier_gstin}`] : [],
    ],
    [
      TAX_INVOICE_WORDS.recipient,
      parties.recipient,
      tax?.client_gstin ? [`${TAX_INVOICE_WORDS.clientGstin}: ${tax.client_gstin}`] : [],
    ],
  ]);
}

/**
 * Rule 46(q)'s signature, at the foot of a band from `top` to `bottom` on the right: who signs for whom, the space
 * a signature takes, a rule, the role (see TAX_INVOICE_WORDS.signatory).
 */
export function drawSignatory(doc: PDFKit.PDFDocument, [forWhom, role]: [string, string], bottom: number): void {
  const width = 180;
  const x = doc.page.width - doc.page.margins.right - width;
  const line = bottom - 16;
  doc.fontSize(10).text(forWhom, x, line - 48, { width, align: 'right' });
  doc
    .moveTo(x, line)
    .lineTo(x + width, line)
    .lineWidth(0.5)
    .stroke();
  doc.text(role, x, line + 4, { width, align: 'right' });
  doc.x = doc.page.margins.left;
}

export function invoicePdf(invoice: Invoice, parties: InvoiceParties): Buffer {
  const { tax } = invoice;
  const title = `${tax ? TAX_INVOICE_WORDS.title : 'Invoice'} ${invoice.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: parties.supplier.name } });
  const money = (amount: number) => moneyWithCode(amount, invoice.currency);
  const shown = tax && taxInvoiceParticulars({ ...invoice, tax }, parties, money);
  doc.fontSize(20).text(title);
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(`Issued: ${invoice.created_at.slice(0, 10)}`);
  doc.text(`Due: ${invoice.due_date ?? 'no due date'}${invoice.payment_terms ? ` (${invoice.payment_terms})` : ''}`);
  doc.text(`Status: ${invoice.status}`);
  doc.moveDown();
  drawDocumentParties(doc, parties, tax);
  if (invoice.irn) {
    // Rule 48(4): an e-invoiced document carries its IRN and the IRP's acknowledgement (the QR is in the foot).
    doc.moveDown(0.5).text(`${invoiceWords.irn.label}: ${invoice.irn}`);
    doc.text(`${invoiceWords.ackNo.label}: ${invoice.ack_no}    ${invoiceWords.ackDate.label}: ${invoice.ack_date}`);
    if (invoice.einvoice_status === 'cancelled') doc.text(`${invoiceWords.einvoiceStatus.label}: cancelled`);
  }
  if (tax && shown) {
    doc.moveDown(0.5).text(`${TAX_INVOICE_WORDS.placeOfSupply}: ${shown.placeOfSupply}`);
    doc.text(TAX_INVOICE_WORDS.reverseCharge);
  }
  doc.moveDown().fontSize(12).text('Items');
  doc.fontSize(10);
  if (shown) {
    drawTaxTable(doc, shown);
    doc.moveDown();
    for (const [label, amount] of shown.totals) doc.text(`${label}: ${amount}`);
  } else {
    for (const item of invoice.items) doc.text(`${item.description}    ${money(item.amount)}`);
  }
  doc.moveDown();
  // The editors' words for the three amounts (shared/fields.ts), so the PDF and a mapped field agree: those of the
  // formatted fields, as the PDF writes amounts as people read them (the minor-unit fields' say "(Minor Units)").
  doc.text(`${invoiceWords.amountDueFormatted.label}: ${money(invoice.amount_due)}`);
  doc.text(`${invoiceWords.amountPaidFormatted.label}: ${money(invoice.amount_paid)}`);
  doc.fontSize(14).text(`${invoiceWords.amountRemainingFormatted.label}: ${money(invoice.amount_remaining)}`);
  doc.moveDown().fontSize(10).text(`Pay or view online: ${invoice.hosted_url}`, { link: invoice.hosted_url });
  // The foot: the UPI QR on the left while UPI can pay it, a tax invoice's signatory on the right, kept together.
  // The IRP's signed QR beside it: a JWS, so a larger code (version ~25) drawn larger to stay scannable.
  const qrSize = 140;
  const signedQr = invoice.einvoice_status === 'generated' ? invoice.signed_qr : undefined;
  const signedSize = 200;
  const band = signedQr ? signedSize + 20 : invoice.upi_link ? qrSize + 20 : shown ? 70 : 0;
  if (band && doc.y + 10 + band > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 10;
  if (invoice.upi_link) {
    doc.text('Scan to pay with any UPI app:', doc.page.margins.left, top);
    drawQr(doc, invoice.upi_link, doc.page.margins.left, top + 15, qrSize);
  }
  if (signedQr) {
    const x = doc.page.margins.left + qrSize + 30;
    doc.text(`${invoiceWords.signedQr.label} (e-invoice):`, x, top);
    drawQr(doc, signedQr, x, top + 15, signedSize);
  }
  if (shown) drawSignatory(doc, shown.signatory, top + band);
  return finished(doc);
}

/** The document's bytes: pdfkit has written them into its stream's buffer by the time it ends. */
export function finished(doc: PDFKit.PDFDocument): Buffer {
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

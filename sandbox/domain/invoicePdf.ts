/**
 * The invoice as a PDF (docs/api-contract.md, "The PDF"), made with pdfkit: number, dates, client, lines,
 * totals, amount due, the hosted link and, while UPI can pay it, the UPI QR code (the `qrcode` package's
 * matrix, drawn as squares). pdfkit writes into its stream's buffer as it goes, so the file is read back
 * synchronously once the document ends.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { FIELDS, type Client, type Invoice, currencyExponent, fromMinor } from '../../shared';

const invoiceWords = FIELDS.invoice;

/**
 * "INR 1,999.00": the PDF's standard fonts (WinAnsi) have no ₹, so amounts carry the ISO code, with the
 * currency's own ISO 4217 decimals as everywhere else.
 */
function moneyWithCode(amount: number, currency: string): string {
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

export function invoicePdf(invoice: Invoice, client: Client | undefined, payeeName: string): Buffer {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: payeeName },
  });
  const money = (amount: number) => moneyWithCode(amount, invoice.currency);
  doc.fontSize(20).text(`Invoice ${invoice.number}`);
  doc.moveDown(0.5).fontSize(10).text(`From: ${payeeName}`);
  doc.text(`Issued: ${invoice.created_at.slice(0, 10)}`);
  doc.text(`Due: ${invoice.due_date ?? 'no due date'}${invoice.payment_terms ? ` (${invoice.payment_terms})` : ''}`);
  doc.text(`Status: ${invoice.status}`);
  doc.moveDown().fontSize(12).text('Bill to');
  doc.fontSize(10).text([client?.name, client?.company, invoice.client_email].filter(Boolean).join('\n'));
  doc.moveDown().fontSize(12).text('Items');
  doc.fontSize(10);
  for (const item of invoice.items) doc.text(`${item.description}    ${money(item.amount)}`);
  doc.moveDown();
  // The editors' words for the three amounts (shared/fields.ts), so the PDF and a mapped field agree: those of the
  // formatted fields, as the PDF writes amounts as people read them (the minor-unit fields' say "(Minor Units)").
  doc.text(`${invoiceWords.amountDueFormatted.label}: ${money(invoice.amount_due)}`);
  doc.text(`${invoiceWords.amountPaidFormatted.label}: ${money(invoice.amount_paid)}`);
  doc.fontSize(14).text(`${invoiceWords.amountRemainingFormatted.label}: ${money(invoice.amount_remaining)}`);
  doc.moveDown().fontSize(10).text(`Pay or view online: ${invoice.hosted_url}`, { link: invoice.hosted_url });
  if (invoice.upi_link) {
    doc.moveDown().text('Scan to pay with any UPI app:');
    drawQr(doc, invoice.upi_link, doc.x, doc.y + 5, 140);
  }
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

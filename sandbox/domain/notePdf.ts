/**
 * A credit or debit note as a PDF (docs/api-contract.md, "A note's PDF"), drawn with the invoice PDF's parts
 * (invoicePdf.ts) so both documents read alike. A note on a tax invoice carries CGST Rules 2017 rule 53(1A)'s
 * particulars: (a) the supplier's name, address and GSTIN, (b) the nature of the document (its title), (c) its
 * serial number, (d) its date of issue, (e)/(f) the recipient's name, address and GSTIN, or the place of supply
 * for an unregistered one, (g) the number and date of the invoice it corrects, (h) the taxable value, the rate
 * and each head of tax credited or debited, line by line, and (i) the signatory's line.
 */
import PDFDocument from 'pdfkit';
import { type CreditNote, type DebitNote, FIELDS, displayNoun, gstRate } from '../../shared';

type Note = CreditNote | DebitNote;
import type { InvoiceParties } from './invoiceParties';
import { drawDocumentParties, drawSignatory, drawTaxTable, finished, moneyWithCode } from './invoicePdf';
import { type Head, TAX_INVOICE_WORDS, lineColumns, suppliedHeads, taxLabel } from './taxInvoiceParticulars';

const HEADS: Head[] = ['cgst', 'sgst', 'utgst', 'igst'];

const reasonWords = new Map((FIELDS.note.reason.choices ?? []).map((choice) => [choice.value, choice.label]));
const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** What the note says it is (rule 53(1A)(b)) and which way each figure goes (53(1A)(h): "credited or debited"). */
export const NOTE_PDF_WORDS = {
  credit_note: { title: displayNoun('creditNote'), moved: 'credited' },
  debit_note: { title: displayNoun('debitNote'), moved: 'debited' },
} as const;

/** The heads the note's invoice levied: each line's, and every head a figure of the note is in. */
function headsOf(note: Note): Head[] {
  if (!note.tax) return [];
  const levied = HEADS.filter((head) => note[head] !== 0);
  if (levied.length) return levied;
  // A note of nothing but Non-GST lines still prints the heads its supply levies, each 0.
  return suppliedHeads(note.tax);
}

export interface NotePdfFacts {
  /** The note's date of issue in the account's time zone, YYYY-MM-DD. */
  issued: string;
  parties: InvoiceParties;
}

export function notePdf(note: Note, { issued, parties }: NotePdfFacts): Buffer {
  const words = NOTE_PDF_WORDS[note.object];
  const { tax } = note;
  const money = (amount: number) => moneyWithCode(amount, note.currency);
  const title = `${words.title} ${note.number}`;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: parties.supplier.name } });
  doc.fontSize(20).text(title);
  doc.moveDown(0.5).fontSize(10).text(`Issued: ${issued}`);
  const against = tax ? TAX_INVOICE_WORDS.title : 'Invoice';
  doc.text(`Against ${against} ${note.invoice_number} dated ${note.invoice_date}`);
  doc.text(`${FIELDS.note.reason.label}: ${reasonWords.get(note.note_reason) ?? note.note_reason}`);
  if (note.note) doc.text(note.note);
  doc.moveDown();
  drawDocumentParties(doc, parties, tax);
  if (tax)
    doc.moveDown(0.5).text(`${TAX_INVOICE_WORDS.placeOfSupply}: ${tax.place_of_supply_name} (${tax.place_of_supply})`);
  doc.moveDown().fontSize(12).text(`Lines ${words.moved}`);
  const heads = headsOf(note);
  drawTaxTable(doc, {
    columns: lineColumns(heads),
    rows: note.lines.map((line) => [
      line.line === null ? line.description : `${line.line}. ${line.description}`,
      line.hsn_sac ?? '',
      line.quantity === undefined || line.quantity === null
        ? ''
        : `${quantityFormat.format(line.quantity)} ${line.unit ?? ''}`.trim(),
      line.unit_price === undefined || line.unit_price === null ? '' : money(line.unit_price),
      line.gst_rate ? (gstRate(line.gst_rate)?.label ?? line.gst_rate) : '',
      money(line.amount),
      ...heads.map((head) => money(line[head])),
    ]),
    columnTotals: [money(note.taxable_value), ...heads.map((head) => money(note[head]))],
  });
  doc.moveDown();
  const totals: Array<[string, number]> = [
    [taxLabel('taxable_value'), note.taxable_value],
    ...heads.map((head): [string, number] => [taxLabel(head), note[head]]),
    ...(tax ? [[taxLabel('total_tax'), note.total_tax] as [string, number]] : []),
    [taxLabel('total'), note.total],
  ];
  for (const [label, amount] of totals) doc.text(`${label} ${words.moved}: ${money(amount)}`);
  if (tax) {
    if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    drawSignatory(doc, [`For ${parties.supplier.name}`, TAX_INVOICE_WORDS.signatory], doc.y + 80);
  }
  return finished(doc);
}

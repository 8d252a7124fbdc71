/**
 * What a tax invoice prints (CGST Rules 2017 rule 46; contract: "GST tax invoices"), worked out once for the hosted
 * page and the PDF: the heads the supply levies (CGST + SGST or UTGST within a state, IGST across), per line its
 * particulars, the totals, each under the word shared/ declares for it, who it is from and to (names and postal
 * addresses, rule 46(a) and (e)) and the signatory's line (rule 46(q)). Amounts come out through the caller's
 * `money`, so each rendering writes them its own way (₹ on the page, "INR" in the PDF's fonts).
 */
import { FIELDS, type FieldLabel, type Invoice, gstRate, gstState } from '../../shared';
import type { InvoiceParties, Party } from './invoiceParties';

type Tax = NonNullable<Invoice['tax']>;
export type TaxInvoice = Invoice & { tax: Tax };
export type Head = 'cgst' | 'sgst' | 'utgst' | 'igst';

const invoiceWords = FIELDS.invoice as typeof FIELDS.invoice & Record<string, FieldLabel>;
const itemWords = FIELDS.item;
/** The invoice's formatted figure's label: "CGST", "Taxable Value", "Total Tax", "Total with Tax". */
export const taxLabel = (key: string) => invoiceWords[`tax_${key}_formatted`].label;

/** The heads a supply levies: CGST + SGST (UTGST in a Union territory) within a state, IGST across. */
export const suppliedHeads = (tax: Pick<Tax, 'supply_type' | 'place_of_supply'>): Head[] =>
  tax.supply_type === 'intra_state' ? ['cgst', gstState(tax.place_of_supply)?.ut ? 'utgst' : 'sgst'] : ['igst'];

const column = (label: string, figure = true): TaxInvoiceColumn => ({ label, figure });

/** A tax document's line columns, a note's as its invoice's: what was supplied, then each figure under its word. */
export const lineColumns = (heads: Head[]): TaxInvoiceColumn[] => [
  column(itemWords.description.label, false),
  column(itemWords.hsnSac.label, false),
  column(itemWords.quantity.label),
  column(itemWords.unitPrice.label),
  column(itemWords.gstRate.label),
  column(taxLabel('taxable_value')),
  ...heads.map((head) => column(taxLabel(head))),
];

/** The words a tax invoice prints that name no field of shared/. */
export const TAX_INVOICE_WORDS = {
  title: 'Tax Invoice',
  /** Rule 46(p): whether tax is payable on reverse charge; the service issues none that is. */
  reverseCharge: 'Reverse Charge: No',
  /** The table's last row, under the taxable value and each head. */
  total: 'Total',
  supplierGstin: invoiceWords.supplierGstin.label,
  clientGstin: invoiceWords.clientGstin.label,
  placeOfSupply: invoiceWords.placeOfSupply.label,
  supplier: 'From',
  recipient: 'Bill to',
  /**
   * Rule 46(q) asks for the supplier's or its authorised representative's signature or digital signature. A
   * sandbox can sign nothing, so its documents name who would sign: "For <account>, Authorised signatory".
   */
  signatory: 'Authorised signatory',
};

export interface TaxInvoiceColumn {
  label: string;
  /** An amount or a figure, read right-aligned. */
  figure: boolean;
}

export interface TaxInvoiceParticulars {
  supplier: Party;
  recipient: Party;
  /** "For Sandbox account" and "Authorised signatory": the lines under the space a signature takes. */
  signatory: [forWhom: string, role: string];
  /** "Karnataka (29)": rule 46(n) asks for the state's name with the place of supply. */
  placeOfSupply: string;
  columns: TaxInvoiceColumn[];
  /** Per line, its cells in the columns' order. */
  rows: string[][];
  /** The taxable value and each head, under the table's last columns. */
  columnTotals: string[];
  /** Taxable value, each head levied, total tax and the total, each with its label. */
  totals: Array<[label: string, amount: string]>;
}

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

export function taxInvoiceParticulars(
  invoice: TaxInvoice,
  parties: InvoiceParties,
  money: (amount: number) => string,
): TaxInvoiceParticulars {
  const { tax } = invoice;
  const heads = suppliedHeads(tax);
  return {
    ...parties,
    signatory: [`For ${parties.supplier.name}`, TAX_INVOICE_WORDS.signatory],
    placeOfSupply: `${tax.place_of_supply_name} (${tax.place_of_supply})`,
    columns: lineColumns(heads),
    rows: invoice.items.map((line) => [
      line.description,
      line.hsn_sac ?? '',
      line.quantity === undefined ? '' : `${quantityFormat.format(line.quantity)} ${line.unit ?? ''}`.trim(),
      line.unit_price === undefined ? '' : money(line.unit_price),
      line.gst_rate === undefined ? '' : (gstRate(line.gst_rate)?.label ?? line.gst_rate),
      money(line.amount),
      ...heads.map((head) => money(line[head] ?? 0)),
    ]),
    columnTotals: [money(tax.taxable_value), ...heads.map((head) => money(tax[head]))],
    totals: (['taxable_value', ...heads, 'total_tax', 'total'] as const).map((key) => [taxLabel(key), money(tax[key])]),
  };
}

/**
 * Credit and debit notes' arithmetic (contract: "GST on a note", "What remains creditable"), in integers of
 * paise: a note's line takes the invoice line's rate and the invoice's supply type, its heads computed as an
 * invoice line's are (./tax.ts), so a note is rounded by the invoice's own rule and no other.
 */
import type { NoteKind } from '../schemas/notes';
import { lineAmount, lineTax, taxTotals, type LineTax, type SupplyType, type TaxHeads } from './tax';

/** What a note needs of an invoice line: its taxable value, its price and rate, its heads (a tax invoice's). */
export interface NotedInvoiceLine extends Partial<TaxHeads> {
  amount: number;
  quantity?: number;
  unit_price?: number;
  gst_rate?: string;
}

/** A note line's figures: the invoice line it touches (null for a lump sum), its taxable value and heads. */
export interface NoteLineFigures extends LineTax {
  line: number | null;
  amount: number;
  /** The units it credits or debits, for a note asked by quantity. */
  quantity?: number;
}

/** What remains of one invoice line: its taxable value, each head, and its units in thousandths. */
export interface LineBalance extends TaxHeads {
  amount: number;
  thousandths: number;
}

/** What the note asks of a line: that many units, that taxable value, or all that remains (credit only). */
export type NoteAsk = { quantity: number } | { amount: number } | { rest: true };

const HEADS = ['cgst', 'sgst', 'utgst', 'igst'] as const;

/** A quantity (1.5) in thousandths (1500), as ./tax.ts prices it. */
const units = (quantity: number) => Math.round(quantity * 1000);

/** Where the invoice was supplied, as issued: its supply type and whether UTGST stands for SGST. */
export interface IssuedSupply {
  supply: SupplyType;
  unionTerritory: boolean;
}

/** The heads an invoice line levied (none on an invoice without GST). */
const headsOf = (line: Partial<TaxHeads>): TaxHeads => ({
  cgst: line.cgst ?? 0,
  sgst: line.sgst ?? 0,
  utgst: line.utgst ?? 0,
  igst: line.igst ?? 0,
});

/** Each invoice line's balance after the notes so far: debit notes add to it, credit notes take from it. */
export function lineBalances(
  lines: readonly NotedInvoiceLine[],
  notes: ReadonlyArray<{ kind: NoteKind; lines: readonly NoteLineFigures[] }>,
): LineBalance[] {
  return lines.map((line, index) => {
    const balance: LineBalance = { amount: line.amount, ...headsOf(line), thousandths: units(line.quantity ?? 1) };
    for (const note of notes) {
      const sign = note.kind === 'credit' ? -1 : 1;
      for (const noted of note.lines.filter((entry) => entry.line === index + 1)) {
        balance.amount += sign * noted.amount;
        for (const head of HEADS) balance[head] += sign * noted[head];
        if (noted.quantity !== undefined) balance.thousandths += sign * units(noted.quantity);
      }
    }
    return balance;
  });
}

/**
 * The taxable value a note asks of a line. Units are priced at the line's unit price (its amount when it has
 * none) from the top: crediting q of the n units left takes value(n) − value(n − q), each value rounded as
 * the line's own amount is, so crediting a line's units in parts adds up to the line to the paisa. Crediting
 * every unit left takes all that is left of the line.
 */
export function askedTaxable(kind: NoteKind, line: NotedInvoiceLine, ask: NoteAsk, balance: LineBalance): number {
  if ('rest' in ask) return balance.amount;
  if ('amount' in ask) return ask.amount;
  const asked = units(ask.quantity);
  if (kind === 'credit' && asked === balance.thousandths) return balance.amount;
  const value = (thousandths: number) => lineAmount(Math.max(thousandths, 0), line.unit_price ?? line.amount);
  const after = balance.thousandths + (kind === 'credit' ? -asked : asked);
  return Math.abs(value(after) - value(balance.thousandths));
}

/**
 * One note line on invoice line `number` (from 1): its heads at the line's rate and the invoice's supply.
 * A credit of everything that remains of the line takes its remaining heads as they are, so a line credited
 * in parts ends at exactly 0 in every head.
 */
export function noteLine(
  number: number,
  line: NotedInvoiceLine,
  taxable: number,
  issued: IssuedSupply,
  more: { balance?: LineBalance; quantity?: number } = {},
): NoteLineFigures {
  const asked = { line: number, amount: taxable, ...(more.quantity === undefined ? {} : { quantity: more.quantity }) };
  if (more.balance && taxable === more.balance.amount) {
    const heads = headsOf(more.balance);
    const tax = heads.cgst + heads.sgst + heads.utgst + heads.igst;
    return { ...asked, ...heads, tax, total: taxable + tax };
  }
  return { ...asked, ...lineTax(taxable, line.gst_rate ?? '', issued.supply, issued.unionTerritory) };
}

/** A lump sum of taxable value at the invoice's one rate (the contract refuses it across rates). */
export function lumpSumLine(taxable: number, rate: string | undefined, issued: IssuedSupply): NoteLineFigures {
  return { line: null, amount: taxable, ...lineTax(taxable, rate ?? '', issued.supply, issued.unionTerritory) };
}

/** The one GST rate every line of an invoice carries; undefined when they differ. */
export function singleRate(lines: readonly NotedInvoiceLine[]): { rate: string | undefined } | undefined {
  const rates = [...new Set(lines.map((line) => line.gst_rate))];
  return rates.length === 1 ? { rate: rates[0] } : undefined;
}

/** A note's figures: the sums of its lines'. */
export function noteTotals(lines: readonly NoteLineFigures[]) {
  return taxTotals(lines);
}

/**
 * The month's GSTR-1 from its tax invoices and notes (contract: "GSTR-1 (issue 41)"). Pure: the caller gives each
 * document with its date already read in the account's time zone, so this file knows no clock. Every figure is
 * summed in integer paise and turned into rupees once, when it is written, so the file is exact to the paisa.
 */
import { type Gstr1File, GSTR1_OFFLINE_VERSION, HSN_TABS_FROM, INVOICE_TYPE_KEY } from './gstr1Schema';
import { gstRate } from './rates';
import { uqcOf } from './uqc';

export interface Gstr1Line {
  description: string;
  amount: number;
  cgst?: number;
  sgst?: number;
  utgst?: number;
  igst?: number;
  gst_rate?: string | null;
  hsn_sac?: string | null;
  quantity?: number;
  unit?: string | null;
}
export interface Gstr1Invoice {
  number: string;
  /** YYYY-MM-DD in the account's time zone. */
  date: string;
  /** A voided invoice: only Table 13 counts it. */
  cancelled: boolean;
  total: number;
  client_gstin: string | null;
  place_of_supply: string;
  inter_state: boolean;
  lines: readonly Gstr1Line[];
}
export interface Gstr1Note {
  kind: 'credit' | 'debit';
  number: string;
  date: string;
  total: number;
  invoice: Gstr1Invoice;
  lines: readonly Gstr1Line[];
}

export interface Gstr1Summary {
  b2b_invoices: number;
  b2b_taxable_value: number;
  b2b_tax: number;
  b2cl_invoices: number;
  b2cl_taxable_value: number;
  b2cl_tax: number;
  b2cs_invoices: number;
  b2cs_taxable_value: number;
  b2cs_tax: number;
  cdnr_notes: number;
  cdnr_taxable_value: number;
  cdnr_tax: number;
  cdnur_notes: number;
  cdnur_taxable_value: number;
  cdnur_tax: number;
  hsn_rows: number;
  hsn_taxable_value: number;
  hsn_tax: number;
  documents_issued: number;
  documents_cancelled: number;
  taxable_value: number;
  tax: number;
  warnings: string[];
}

/** Rule 59(4)(a)(ii): more than ₹2.5 lakh, ₹1 lakh from 1 August 2024 (Notification 12/2024-Central Tax). */
export const b2clLimit = (date: string): number => (date < '2024-08-01' ? 25_000_000 : 10_000_000);

/** 2026-10 → 102026, the portal's `fp`. */
export const gstr1Fp = (period: string): string => `${period.slice(5, 7)}${period.slice(0, 4)}`;

const rupees = (paise: number): number => paise / 100;
const ddmmyyyy = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
const percentOf = (line: Gstr1Line) => (line.gst_rate ? gstRate(line.gst_rate)?.percent : undefined);
const byNumber = (a: { number: string }, b: { number: string }) =>
  a.number.localeCompare(b.number, 'en', { numeric: true });

interface Heads {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}
const zero = (): Heads => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
const add = (into: Heads, line: Gstr1Line, sign: number) => {
  into.txval += sign * line.amount;
  into.iamt += sign * (line.igst ?? 0);
  into.camt += sign * (line.cgst ?? 0);
  into.samt += sign * ((line.sgst ?? 0) + (line.utgst ?? 0));
};
const taxOf = (heads: Heads) => heads.iamt + heads.camt + heads.samt;

/** The document's taxable lines per rate, in rate order, as the offline tool's `itms`. */
function itemsOf(lines: readonly Gstr1Line[], inter: boolean) {
  const rates = new Map<string, Heads>();
  for (const line of lines) {
    const percent = percentOf(line);
    if (percent === undefined) continue;
    add(rates.get(percent) ?? rates.set(percent, zero()).get(percent)!, line, 1);
  }
  const sorted = [...rates].sort(([a], [b]) => Number(a) - Number(b));
  const totals = zero();
  const itms = sorted.map(([percent, heads], i) => {
    for (const key of ['txval', 'iamt', 'camt', 'samt'] as const) totals[key] += heads[key];
    const tax = inter ? { iamt: rupees(heads.iamt) } : { camt: rupees(heads.camt), samt: rupees(heads.samt) };
    return { num: i + 1, itm_det: { rt: Number(percent), txval: rupees(heads.txval), ...tax, csamt: 0 } };
  });
  return { itms, totals };
}

type Kind = 'b2b' | 'b2cl' | 'b2cs';
const kindOf = (invoice: Gstr1Invoice): Kind =>
  invoice.client_gstin ? 'b2b' : invoice.inter_state && invoice.total > b2clLimit(invoice.date) ? 'b2cl' : 'b2cs';

function grouped<T>(rows: Array<[string, T]>): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const [key, row] of rows) (groups.get(key) ?? groups.set(key, []).get(key)!).push(row);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

function warningsOf(document: { number: string; lines: readonly Gstr1Line[] }): string[] {
  const found: string[] = [];
  document.lines.forEach((line, i) => {
    if (percentOf(line) === undefined)
      found.push(`${document.number} line ${i + 1} is exempt, nil-rated or non-GST: not reported (no Table 8 yet).`);
    else if (!line.hsn_sac) found.push(`${document.number} line ${i + 1} has no HSN/SAC: not in the HSN summary.`);
  });
  return found;
}

/** Table 12: per tab, code, unit and rate, invoices added, credit notes taken off, debit notes added. */
function hsnSummary(period: string, entries: Array<{ sign: number; b2b: boolean; lines: readonly Gstr1Line[] }>) {
  const split = period >= HSN_TABS_FROM;
  const rows = new Map<
    string,
    Heads & { tab: string; hsn: string; uqc: string; rt: string; qty: number; desc: string }
  >();
  for (const { sign, b2b, lines } of entries) {
    for (const line of lines) {
      const rt = percentOf(line);
      if (rt === undefined || !line.hsn_sac) continue;
      const service = line.hsn_sac.startsWith('99');
      const uqc = service ? 'NA' : uqcOf(line.unit);
      const tab = split ? (b2b ? 'hsn_b2b' : 'hsn_b2c') : 'data';
      const key = [tab, line.hsn_sac, uqc, rt].join('|');
      const row = rows.get(key) ?? { ...zero(), tab, hsn: line.hsn_sac, uqc, rt, qty: 0, desc: line.description };
      rows.set(key, row);
      add(row, line, sign);
      if (!service) row.qty += sign * Math.round((line.quantity ?? 0) * 1000);
    }
  }
  const tabs: Record<string, Array<Record<string, string | number>>> = split
    ? { hsn_b2b: [], hsn_b2c: [] }
    : { data: [] };
  const totals = zero();
  const sorted = [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || Number(a.rt) - Number(b.rt));
  for (const row of sorted) {
    for (const key of ['txval', 'iamt', 'camt', 'samt'] as const) totals[key] += row[key];
    tabs[row.tab].push({
      num: tabs[row.tab].length + 1,
      hsn_sc: row.hsn,
      desc: row.desc.slice(0, 30),
      uqc: row.uqc,
      qty: row.qty / 1000,
      rt: Number(row.rt),
      txval: rupees(row.txval),
      iamt: rupees(row.iamt),
      camt: rupees(row.camt),
      samt: rupees(row.samt),
      csamt: 0,
    });
  }
  return { hsn: tabs as unknown as Gstr1File['hsn'], rows: sorted.length, totals };
}

/** Table 13: each series from its lowest to its highest number in the period, void invoices cancelled. */
function documentsIssued(invoices: readonly Gstr1Invoice[], notes: readonly Gstr1Note[]) {
  const series = [
    { doc_num: 1 as const, doc_typ: 'Invoices for outward supply' as const, documents: invoices },
    { doc_num: 4 as const, doc_typ: 'Debit Note' as const, documents: notes.filter((n) => n.kind === 'debit') },
    { doc_num: 5 as const, doc_typ: 'Credit Note' as const, documents: notes.filter((n) => n.kind === 'credit') },
  ];
  const doc_det = series
    .filter(({ documents }) => documents.length > 0)
    .map(({ doc_num, doc_typ, documents }) => {
      const sorted = [...documents].sort(byNumber);
      const cancel = sorted.filter((d) => 'cancelled' in d && d.cancelled).length;
      const row = { num: 1, from: sorted[0].number, to: sorted[sorted.length - 1].number, totnum: sorted.length };
      return { doc_num, doc_typ, docs: [{ ...row, cancel, net_issue: sorted.length - cancel }] };
    });
  return { doc_det };
}

export function buildGstr1(input: {
  gstin: string;
  period: string;
  invoices: readonly Gstr1Invoice[];
  notes: readonly Gstr1Note[];
}): { gstr1: Gstr1File; summary: Gstr1Summary } {
  const inPeriod = <T extends { date: string }>(docs: readonly T[]) =>
    docs.filter((doc) => doc.date.slice(0, 7) === input.period).sort((a, b) => byNumber(a as never, b as never));
  const allInvoices = inPeriod(input.invoices);
  const invoices = allInvoices.filter((invoice) => !invoice.cancelled);
  const notes = inPeriod(input.notes);
  const warnings = [...invoices, ...notes].flatMap(warningsOf);
  const figures = { b2b: zero(), b2cl: zero(), b2cs: zero(), cdnr: zero(), cdnur: zero() };
  const sum = (into: Heads, from: Heads, sign = 1) => {
    for (const key of ['txval', 'iamt', 'camt', 'samt'] as const) into[key] += sign * from[key];
  };

  const b2bRows: Array<[string, Gstr1File['b2b'][number]['inv'][number]]> = [];
  const b2clRows: Array<[string, Gstr1File['b2cl'][number]['inv'][number]]> = [];
  const b2cs = new Map<string, Heads & { inter: boolean; pos: string; rt: string }>();
  const toB2cs = (invoice: Gstr1Invoice, lines: readonly Gstr1Line[], sign: number) => {
    for (const line of lines) {
      const rt = percentOf(line);
      if (rt === undefined) continue;
      const key = [invoice.inter_state, invoice.place_of_supply, rt].join('|');
      const row = b2cs.get(key) ?? { ...zero(), inter: invoice.inter_state, pos: invoice.place_of_supply, rt };
      b2cs.set(key, row);
      add(row, line, sign);
      add(figures.b2cs, line, sign);
    }
  };
  let b2csInvoices = 0;
  for (const invoice of invoices) {
    const kind = kindOf(invoice);
    if (kind === 'b2cs') {
      b2csInvoices += 1;
      toB2cs(invoice, invoice.lines, 1);
      continue;
    }
    const { itms, totals } = itemsOf(invoice.lines, invoice.inter_state);
    sum(figures[kind], totals);
    const row = { inum: invoice.number, idt: ddmmyyyy(invoice.date), val: rupees(invoice.total) };
    if (kind === 'b2b')
      b2bRows.push([
        invoice.client_gstin!,
        {
          ...row,
          pos: invoice.place_of_supply,
          rchrg: 'N',
          [INVOICE_TYPE_KEY]: 'R',
          itms,
        } as Gstr1File['b2b'][number]['inv'][number],
      ]);
    else b2clRows.push([invoice.place_of_supply, { ...row, itms } as Gstr1File['b2cl'][number]['inv'][number]]);
  }

  const cdnrRows: Array<[string, Gstr1File['cdnr'][number]['nt'][number]]> = [];
  const cdnur: Gstr1File['cdnur'] = [];
  for (const note of notes) {
    const kind = kindOf(note.invoice);
    const sign = note.kind === 'credit' ? -1 : 1;
    if (kind === 'b2cs') {
      toB2cs(note.invoice, note.lines, sign);
      continue;
    }
    const { itms, totals } = itemsOf(note.lines, note.invoice.inter_state);
    const row = {
      ntty: note.kind === 'credit' ? ('C' as const) : ('D' as const),
      nt_num: note.number,
      nt_dt: ddmmyyyy(note.date),
      val: rupees(note.total),
      pos: note.invoice.place_of_supply,
      itms: itms as Gstr1File['cdnur'][number]['itms'],
    };
    if (kind === 'b2b') {
      sum(figures.cdnr, totals, sign);
      cdnrRows.push([note.invoice.client_gstin!, { ...row, rchrg: 'N', [INVOICE_TYPE_KEY]: 'R' as const }]);
    } else {
      sum(figures.cdnur, totals, sign);
      cdnur.push({ ...row, typ: 'B2CL' });
    }
  }

  const b2csRows = [...b2cs.values()]
    .sort((a, b) => Number(a.inter) - Number(b.inter) || a.pos.localeCompare(b.pos) || Number(a.rt) - Number(b.rt))
    .map((row) => {
      if (row.txval < 0) warnings.push(`B2C small, place of supply ${row.pos} at ${row.rt} %: notes exceed invoices.`);
      const tax = row.inter ? { iamt: rupees(row.iamt) } : { camt: rupees(row.camt), samt: rupees(row.samt) };
      const head = { sply_ty: row.inter ? ('INTER' as const) : ('INTRA' as const), pos: row.pos, typ: 'OE' as const };
      return { ...head, rt: Number(row.rt), txval: rupees(row.txval), ...tax, csamt: 0 };
    });
  const hsn = hsnSummary(input.period, [
    ...invoices.map((invoice) => ({ sign: 1, b2b: invoice.client_gstin !== null, lines: invoice.lines })),
    ...notes.map((note) => ({
      sign: note.kind === 'credit' ? -1 : 1,
      b2b: note.invoice.client_gstin !== null,
      lines: note.lines,
    })),
  ]);
  const doc_issue = documentsIssued(allInvoices, notes);

  const total = zero();
  for (const section of Object.values(figures)) sum(total, section);
  const cancelled = allInvoices.length - invoices.length;
  const gstr1: Gstr1File = {
    gstin: input.gstin,
    fp: gstr1Fp(input.period),
    version: GSTR1_OFFLINE_VERSION,
    hash: 'hash',
    b2b: grouped(b2bRows).map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: grouped(b2clRows).map(([pos, inv]) => ({ pos, inv })),
    b2cs: b2csRows,
    cdnr: grouped(cdnrRows).map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    hsn: hsn.hsn,
    doc_issue,
  };
  const summary: Gstr1Summary = {
    b2b_invoices: b2bRows.length,
    b2b_taxable_value: figures.b2b.txval,
    b2b_tax: taxOf(figures.b2b),
    b2cl_invoices: b2clRows.length,
    b2cl_taxable_value: figures.b2cl.txval,
    b2cl_tax: taxOf(figures.b2cl),
    b2cs_invoices: b2csInvoices,
    b2cs_taxable_value: figures.b2cs.txval,
    b2cs_tax: taxOf(figures.b2cs),
    cdnr_notes: cdnrRows.length,
    cdnr_taxable_value: figures.cdnr.txval,
    cdnr_tax: taxOf(figures.cdnr),
    cdnur_notes: cdnur.length,
    cdnur_taxable_value: figures.cdnur.txval,
    cdnur_tax: taxOf(figures.cdnur),
    hsn_rows: hsn.rows,
    hsn_taxable_value: hsn.totals.txval,
    hsn_tax: taxOf(hsn.totals),
    documents_issued: allInvoices.length + notes.length,
    documents_cancelled: cancelled,
    taxable_value: total.txval,
    tax: taxOf(total),
    warnings,
  };
  return { gstr1, summary };
}

/**
 * The month's GSTR-1 (docs/api-contract.md, "GSTR-1 (issue 41)"): the account's tax invoices and notes, each dated
 * in the account's time zone, handed to the pure builder in shared/gst/gstr1.ts.
 */
import {
  type CreditNote,
  type DebitNote,
  type Gstr1Invoice,
  type Invoice,
  VOID,
  buildGstr1,
  gstr1PeriodProblem,
  fieldLabel,
  todayIn,
} from '../../shared';
import { timeZoneOf, todayFor } from './clock';
import type { Context } from './context';
import { Problem } from './problems';

const PERIOD = 'period';

export function gstr1For(ctx: Context, period: string) {
  const problem = gstr1PeriodProblem(period, todayFor(ctx));
  if (problem) {
    const message = `${fieldLabel(PERIOD)} ${problem}`;
    throw new Problem(422, 'validation_failed', message, [{ param: PERIOD, message }]);
  }
  const gstin = ctx.account.gstin;
  if (!gstin)
    throw new Problem(409, 'gstin_missing', 'The account has no GSTIN, so it files no GSTR-1. Set it in Settings.');
  const zone = timeZoneOf(ctx.account);
  const dateOf = (created: string) => todayIn(new Date(created), zone);
  const byId = new Map<string, Gstr1Invoice>();
  for (const invoice of ctx.data.invoices.findAll({}) as Invoice[]) {
    if (!invoice.tax) continue;
    byId.set(invoice.id, {
      number: invoice.number,
      date: dateOf(invoice.created_at),
      cancelled: invoice.status === VOID,
      total: invoice.tax.total,
      client_gstin: invoice.tax.client_gstin,
      place_of_supply: invoice.tax.place_of_supply,
      inter_state: invoice.tax.supply_type === 'inter_state',
      lines: invoice.items,
    });
  }
  const notes = (kind: 'credit' | 'debit', found: Array<CreditNote | DebitNote>) =>
    found.flatMap((note) => {
      const invoice = byId.get(note.invoice_id);
      if (!invoice) return [];
      return [
        { kind, number: note.number, date: dateOf(note.created_at), total: note.total, invoice, lines: note.lines },
      ];
    });
  const { gstr1, summary } = buildGstr1({
    gstin,
    period,
    invoices: [...byId.values()],
    notes: [...notes('credit', ctx.data.creditNotes.findAll({})), ...notes('debit', ctx.data.debitNotes.findAll({}))],
  });
  const id = `GSTR1_${gstr1.fp}_${gstin}`;
  return {
    id,
    object: 'gstr1' as const,
    period,
    fp: gstr1.fp,
    gstin,
    version: gstr1.version,
    file_name: `${id}.json`,
    summary,
    gstr1,
  };
}

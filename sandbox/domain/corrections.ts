/**
 * What corrected an invoice after it was issued (contract: "Credit notes and debit notes", "Refunds"), one row
 * per credit note, then debit note, then refund, each kind in the order issued: the hosted page, the dashboard
 * and the CLI each show these rows, from the store or from the API's lists, so the three never differ. Each kind
 * by itself, not one timeline: their timestamps are whole seconds, so two made in one second have no order but
 * the store's, which each kind keeps apart.
 */
import { FIELDS, PAYMENT_METHOD_LABELS, type CreditNote, type DebitNote, type Refund } from '../../shared';

export interface CorrectionRow {
  document: 'Credit note' | 'Debit note' | 'Refund';
  id: string;
  /** A note's own number (CN-000001); a refund has none, so its ID. */
  number: string;
  /** The day it was issued or the money went back (UTC, as the answers' timestamps). */
  date: string;
  /** A note's reason in the editors' words; a refund's method, with its UTR when it went back by UPI. */
  detail: string;
  /** Minor units: a note's total with its tax, a refund's amount. */
  amount: number;
}

/** Each kind oldest first, as the store keeps them (the API's lists answer newest first: reversed). */
export interface Corrections {
  creditNotes: readonly CreditNote[];
  debitNotes: readonly DebitNote[];
  refunds: readonly Refund[];
}

const reasonWords = new Map((FIELDS.note.reason.choices ?? []).map((choice) => [choice.value, choice.label]));
const methodWords: Record<string, string> = PAYMENT_METHOD_LABELS;

export function correctionRows({ creditNotes, debitNotes, refunds }: Corrections): CorrectionRow[] {
  const note = (document: CorrectionRow['document'], value: CreditNote | DebitNote): CorrectionRow => ({
    document,
    id: value.id,
    number: value.number,
    date: value.created_at.slice(0, 10),
    detail: reasonWords.get(value.note_reason) ?? value.note_reason,
    amount: value.total,
  });
  return [
    ...creditNotes.map((value) => note('Credit note', value)),
    ...debitNotes.map((value) => note('Debit note', value)),
    ...refunds.map((refund) => ({
      document: 'Refund' as const,
      id: refund.id,
      number: refund.id,
      date: refund.refunded_at.slice(0, 10),
      detail: [methodWords[refund.method] ?? refund.method, refund.upi?.utr].filter(Boolean).join(' '),
      amount: refund.amount,
    })),
  ];
}

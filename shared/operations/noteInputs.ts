/**
 * What Create Credit Note and Create Debit Note take (docs/api-contract.md, "Issuing a credit or debit
 * note"): a reason from the list, and one line by number with a quantity or an amount, a lump sum, or (a
 * credit note only) nothing, meaning all that remains. The rules that look across fields are one
 * refinement, built with builtAround so typed amounts can rebuild it around the amount as typed.
 */
import { z } from 'zod';
import { gstState, lumpSumLine, quantityInput, singleRate } from '../gst';
import { formatMinor } from '../money';
import { type Invoice, VOID } from '../schemas/resources';
import { builtAround } from '../schemas/builtAround';
import { NOTE_REASONS, type NoteKind } from '../schemas/notes';
import {
  amountInput,
  idempotencyKeySchema,
  invoiceIdSchema,
  isBlank,
  MAX_ITEMS,
  oneOf,
  optional,
  optionalText,
} from '../schemas/primitives';
import { onTheWire } from '../schemas/wire';
import { given } from '../schemas/wireKeywords';
import { fieldLabel, type InputIssue } from '../validation';
import { FIELDS } from '../fields';
import { getInvoice } from './getInvoice';

const LINE_RULE = `must be an invoice line number from 1 (the first line) to ${MAX_ITEMS}`;

const lineInput = onTheWire(
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ invalid_type_error: LINE_RULE }).int(LINE_RULE).min(1, LINE_RULE).max(MAX_ITEMS, LINE_RULE),
  ),
  { type: 'integer', minimum: 1, maximum: MAX_ITEMS },
);

/** The body's keys, each as the service checks it alone. */
const noteShape = {
  note_reason: oneOf(NOTE_REASONS),
  line: optional(lineInput),
  quantity: optional(quantityInput),
  taxable_amount: optional(
    onTheWire(
      amountInput.refine((amount) => amount >= 1, 'must be more than 0'),
      { minimum: 1 },
    ),
  ),
  note: optionalText(500),
};

/** The rules across fields, on the wire's keys and on the editors' alike. */
function checkNote(
  kind: NoteKind,
  given: { line?: number; quantity?: unknown; taxable_amount?: unknown },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  const quantity = given.quantity !== undefined;
  const amount = given.taxable_amount !== undefined;
  if (given.line === undefined) {
    if (quantity) issue('quantity', `needs ${fieldLabel('line')}: say which invoice line the units are of`);
    else if (!amount && kind === 'debit') {
      issue(
        'taxable_amount',
        `is required on a debit note: give ${fieldLabel('line')} with a quantity or an amount, or a lump sum`,
      );
    }
  } else if (quantity && amount) {
    issue(
      'taxable_amount',
      `must be left empty when ${fieldLabel('quantity')} is given: one of the two says what the line's note is for`,
    );
  } else if (!quantity && !amount) {
    issue(
      'quantity',
      `or ${fieldLabel('taxable_amount')} is required with ${fieldLabel('line')}: ` +
        'how many units, or how much of the line',
    );
  }
}

/** checkNote on the wire: units need a line; a line needs units or a taxable amount, not both; a debit needs one. */
const wireRules = (kind: NoteKind) => ({
  dependentRequired: { quantity: ['line'] },
  dependentSchemas: { line: { anyOf: [given('quantity'), given('taxable_amount')] } },
  not: given('quantity', 'taxable_amount'),
  ...(kind === 'debit' ? { anyOf: [given('line'), given('taxable_amount')] } : {}),
});

const withoutBlanks = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? Object.fromEntries(Object.entries(raw).filter(([, value]) => !isBlank(value)))
    : raw;

/** The wire body the service checks. */
export const noteBodySchema = (kind: NoteKind) =>
  onTheWire(
    builtAround(z.object(noteShape).strict(), (body) =>
      body.superRefine((values, ctx) => checkNote(kind, values, ctx)),
    ),
    wireRules(kind),
  );

/** The whole input: the invoice in the path, the body's keys, the idempotency key as a header. */
export const noteInput = (kind: NoteKind) =>
  builtAround(
    z.object({ invoice_id: invoiceIdSchema, ...noteShape, idempotency_key: optional(idempotencyKeySchema) }).strict(),
    // An editor sends the fields left empty as ""; each is absent, the amount as typed too.
    (input) => z.preprocess(withoutBlanks, input).superRefine((values, ctx) => checkNote(kind, values, ctx)),
  );

/** What both Create Credit Note and Create Debit Note ask, in the editors' order. */
export const NOTE_FIELDS = [
  FIELDS.invoice.id,
  FIELDS.note.reason,
  FIELDS.note.line,
  FIELDS.note.quantity,
  FIELDS.note.taxableAmount,
  FIELDS.note.note,
  FIELDS.note.amountUnit,
  FIELDS.note.idempotencyKey,
];

/**
 * What the invoice read for the currency already refuses, before the note is issued (contract: "Checked against
 * what it corrects"), in the service's words: a note on a void invoice, a credit note when nothing remains, and
 * one whose taxable amount, with GST at the invoice's one rate for a lump sum, is more than remains in total. A
 * line's note counts its taxable value alone: taking the rest of a line it takes the line's rest of tax, which may
 * be a paisa off tax computed afresh, so its exact limit (and the line's own) is the service's to refuse.
 */
export const checkNoteAgainst =
  (kind: NoteKind) =>
  (invoice: Invoice, input: Record<string, unknown>): InputIssue[] => {
    const money = (amount: number) => formatMinor(amount, invoice.currency);
    const invoiceIs = `${fieldLabel('invoice_id')} is ${invoice.number}, which`;
    if (invoice.status === VOID) {
      return [{ field: 'invoice_id', message: `${invoiceIs} is void: no ${kind} note can be issued on it` }];
    }
    if (kind === 'debit') return [];
    const credited = invoice.amount_credited ?? 0;
    const left = invoice.amount_due + (invoice.amount_debited ?? 0) - credited;
    if (left <= 0) {
      const message =
        `${invoiceIs} has nothing left to credit: ` + `its notes so far have credited all of it (${money(credited)})`;
      return [{ field: 'invoice_id', message }];
    }
    const taxable = input.taxable_amount;
    if (typeof taxable !== 'number') return [];
    const rate = input.line === undefined ? singleRate(invoice.items) : undefined;
    const place = invoice.tax?.place_of_supply;
    const issued = {
      supply: invoice.tax?.supply_type === 'inter_state' ? ('inter_state' as const) : ('intra_state' as const),
      unionTerritory: place ? gstState(place)?.ut === true : false,
    };
    const total = rate ? lumpSumLine(taxable, rate.rate, issued).total : taxable;
    if (total <= left) return [];
    return [
      {
        field: 'taxable_amount',
        message:
          `${fieldLabel('taxable_amount')} is more than remains creditable of ${invoice.number}: ` +
          `this note would credit ${money(total)}${rate ? ' with GST' : ''}, and ${money(left)} remains ` +
          '(its total less earlier credit notes)',
      },
    ];
  };

/**
 * The taxable amount is typed in the invoice's currency, so the invoice is read first, as Record Payment does;
 * the same read checks the note against it.
 */
export const noteAmounts = (kind: NoteKind) =>
  ({
    at: ['taxable_amount'],
    currency: { from: getInvoice, key: 'invoice_id', check: checkNoteAgainst(kind) },
    min: 1,
  }) as const;

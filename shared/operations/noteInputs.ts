/**
 * What Create Credit Note and Create Debit Note take (docs/api-contract.md, "Issuing a credit or debit
 * note"): a reason from the list, and one line by number with a quantity or an amount, a lump sum, or (a
 * credit note only) nothing, meaning all that remains. The rules that look across fields are one
 * refinement, built with builtAround so typed amounts can rebuild it around the amount as typed.
 */
import { z } from 'zod';
import { quantityInput } from '../gst';
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
import { fieldLabel } from '../validation';
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

/** The taxable amount is typed in the invoice's currency, so the invoice is read first, as Record Payment does. */
export const NOTE_AMOUNTS = {
  at: ['taxable_amount'],
  currency: { from: getInvoice, key: 'invoice_id' },
  min: 1,
} as const;

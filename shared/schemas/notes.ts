/**
 * Credit and debit notes (docs/api-contract.md, "Credit notes and debit notes"): the reasons a note is
 * issued for, and the note as the service returns it, lenient as every answer is.
 */
import { z } from 'zod';
import { ID_PREFIX } from '../service';
import { idInput } from './primitives';
import { einvoiceAnswerShape } from './resources';

/** The GST portal's reasons for a credit or debit note (GSTR-1), as the contract lists them. */
export const NOTE_REASONS = [
  'sales_return',
  'post_sale_discount',
  'deficiency_in_service',
  'correction',
  'change_in_place_of_supply',
  'others',
] as const;
export type NoteReason = (typeof NOTE_REASONS)[number];

/** Which way a note corrects its invoice: down (credit) or up (debit). */
export type NoteKind = 'credit' | 'debit';

/** The one status a note has: it is never edited or voided, only corrected by another note. */
export const NOTE_STATUSES = ['issued'] as const;

export const creditNoteIdSchema = idInput(ID_PREFIX.credit_note);
export const debitNoteIdSchema = idInput(ID_PREFIX.debit_note);

/** Each kind's number series as printed (CN-000001, DN-000001): the account's own count, in the service's words. */
export const NOTE_NUMBER_PREFIX: Record<NoteKind, string> = { credit: 'CN-', debit: 'DN-' };

/** A series' first number, the form every help text and refusal shows. */
export const firstNoteNumber = (kind: NoteKind) => `${NOTE_NUMBER_PREFIX[kind]}000001`;

/**
 * A note's number as a filter: trimmed and upper-cased as people type it (" cn-000001"), then its series' form,
 * which is also all the wire takes (contract: "Finding credit and debit notes").
 */
export const noteNumberInput = (kind: NoteKind) =>
  z
    .string({ required_error: 'is required', invalid_type_error: 'must be text' })
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^${NOTE_NUMBER_PREFIX[kind]}[0-9]{1,18}$`),
      `must be a ${kind} note number such as ${firstNoteNumber(kind)}`,
    );

const minorAmount = z.number().int();
const heads = {
  amount: minorAmount,
  cgst: minorAmount,
  sgst: minorAmount,
  utgst: minorAmount,
  igst: minorAmount,
  tax: minorAmount,
  total: minorAmount,
};

const noteLineSchema = z
  .object({
    line: z.number().int().nullable(),
    description: z.string(),
    hsn_sac: z.string().nullish(),
    gst_rate: z.string().nullish(),
    quantity: z.number().optional(),
    unit: z.string().nullish(),
    unit_price: minorAmount.optional(),
    ...heads,
  })
  .passthrough();

/** The invoice's GST particulars as issued, repeated on its note (rule 53(1A)). */
const noteTaxSchema = z
  .object({
    supplier_gstin: z.string(),
    supplier_state: z.string(),
    client_gstin: z.string().nullable(),
    place_of_supply: z.string(),
    place_of_supply_name: z.string(),
    supply_type: z.string(),
  })
  .passthrough();

const noteSchema = <O extends 'credit_note' | 'debit_note'>(object: O) =>
  z
    .object({
      id: z.string(),
      object: z.literal(object),
      number: z.string(),
      status: z.string(),
      invoice_id: z.string(),
      invoice_number: z.string(),
      invoice_date: z.string(),
      note_reason: z.string(),
      note: z.string().nullish(),
      currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code'),
      lines: z.array(noteLineSchema),
      taxable_value: minorAmount,
      cgst: minorAmount,
      sgst: minorAmount,
      utgst: minorAmount,
      igst: minorAmount,
      total_tax: minorAmount,
      total: minorAmount,
      tax: noteTaxSchema.optional(),
      livemode: z.boolean(),
      created_at: z.string().min(1),
      ...einvoiceAnswerShape,
    })
    .passthrough();

export const creditNoteSchema = noteSchema('credit_note');
export const debitNoteSchema = noteSchema('debit_note');

export type CreditNote = z.infer<typeof creditNoteSchema>;
export type DebitNote = z.infer<typeof debitNoteSchema>;
export type Note = CreditNote | DebitNote;

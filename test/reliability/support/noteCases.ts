/**
 * Suite 1's Create Credit Note and Create Debit Note inputs (issue 40), beside cases.ts's. Each note reads its
 * invoice once before it writes (docs/api-contract.md, "Checked against what it corrects"), so the fake service
 * answers that GET with the case's own invoice, and a valid case expects that GET and then the one POST
 * ("Issuing a credit or debit note": the body in minor units, the reason as listed). A field broken alone is
 * refused before any request; what only the invoice can tell (void, nothing left, a credit past what remains,
 * decimals its currency lacks) is refused after that one GET, before any write.
 * NOTE_CASES per operation, not 10,000: each valid case makes two requests, and the added time is held under a
 * minute. Measured on the loaded 2-core machine: 4.4 to 7.8 s per operation on the Zapier half (the suite's longer
 * half) for 1,000 cases, 18 s for the three; seen at up to 20 ms a case under heavier load, 60 s.
 */
import fc from 'fast-check';

import { FIELDS, sampleInvoice } from '../../../shared';
import { clean, optionalTextArb, padded } from '../../shared/arbitraries';
import {
  BAD_TYPED_AMOUNTS,
  badIdMutation,
  CURRENCIES,
  idArb,
  invoiceAnswer,
  moneyArb,
  setting,
  spelledOut,
  type Draft,
  type Mutation,
} from './corrections';
import type { CaseHelpers } from './productCases';

export const NOTE_CASES = 1_000;

const { invoice, note } = FIELDS;
const REASONS = note.reason.choices!.map((choice) => choice.value);
/** A note is for units of a line, part of a line's value, a lump sum, or (a credit note) all that remains. */
type Target = 'units' | 'lineAmount' | 'lumpSum' | 'rest';
type Kind = 'credit' | 'debit';

/** Quantities as typed (up to 3 decimals), with the number the wire carries. */
const quantityArb = fc
  .integer({ min: 1, max: 1_000_000 })
  .chain((thousandths) =>
    fc
      .constantFrom<unknown>(String(thousandths / 1000), ` ${thousandths / 1000} `, thousandths / 1000)
      .map((raw) => ({ raw, value: thousandths / 1000 })),
  );

/** Invoice lines priced by amount alone, as many as the note's line needs and up to 3 more. */
const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ description: `Line ${i + 1}`, amount: 100_000 * (i + 1) }));

function validNote(kind: Kind, h: CaseHelpers): fc.Arbitrary<Draft> {
  const targets: Target[] = kind === 'credit' ? ['units', 'lineAmount', 'lumpSum', 'rest'] : ['units', 'lineAmount'];
  return fc
    .tuple(
      padded(idArb('inv_')),
      fc.constantFrom(...REASONS),
      fc.constantFrom(...targets, 'lumpSum'),
      fc.integer({ min: 1, max: 5 }),
      fc.nat(3),
      quantityArb,
      fc
        .constantFrom(...CURRENCIES)
        .chain((currency) => fc.tuple(fc.constant(currency), moneyArb(1, 1_000_000_000, currency))),
      fc.nat(1_000_000_000),
      optionalTextArb(500),
      h.keyArb,
    )
    .map(([id, reason, target, line, more, quantity, [[currency], amount], slack, text, key]): Draft => {
      const onLine = target === 'units' || target === 'lineAmount';
      const byAmount = target === 'lineAmount' || target === 'lumpSum';
      // Owed and credited so far leave at least twice the note: enough for its GST at any rate (40 % at most).
      const credited = Math.floor(slack / 2);
      const due = 2 * amount.minor + slack;
      const invoiceId = id.trim();
      return {
        name: 'valid',
        form: clean({
          invoice_id: id,
          note_reason: reason,
          line: onLine ? String(line) : undefined,
          quantity: target === 'units' ? quantity.raw : undefined,
          taxable_amount: byAmount ? amount.raw : undefined,
          note: text.raw,
          idempotency_key: key.raw,
        }),
        expected: {
          valid: true,
          method: 'POST',
          path: `/v1/invoices/${invoiceId}/${kind}_notes`,
          idempotencyKey: key.header,
          body: clean({
            note_reason: reason,
            line: onLine ? line : undefined,
            quantity: target === 'units' ? quantity.value : undefined,
            taxable_amount: byAmount ? amount.minor : undefined,
            note: text.value,
          }),
          read: {
            path: `/v1/invoices/${invoiceId}`,
            answer: invoiceAnswer(invoiceId, {
              currency,
              items: lines(line + more),
              amount_due: due,
              amount_remaining: due - credited,
              amount_credited: credited,
            }),
          },
        },
      };
    });
}

/**
 * A credit note past what remains of an invoice without GST (so its total is its taxable amount): refused after the
 * read, naming Taxable Amount, with nothing written. What remains is the amount due less what was credited.
 */
const pastWhatRemains = fc
  .tuple(idArb('inv_'), fc.integer({ min: 1, max: 1_000_000 }), fc.nat(1_000_000), fc.integer({ min: 1, max: 10_000 }))
  .map(([id, left, credited, over]): Draft => {
    const taxable = left + over;
    return {
      name: 'a credit past what remains',
      form: { invoice_id: id, note_reason: 'post_sale_discount', taxable_amount: (taxable / 100).toFixed(2) },
      expected: {
        valid: false,
        named: [`${note.taxableAmount.label} is more than remains creditable of INV-000123`],
        read: {
          path: `/v1/invoices/${id}`,
          answer: invoiceAnswer(id, {
            amount_due: left + credited,
            amount_remaining: left,
            amount_credited: credited,
          }),
        },
      },
    };
  });

/** One field broken before any request; the rules across fields are spelled out in the nasty cases. */
function noteMutations(draft: Draft, h: CaseHelpers): fc.Arbitrary<Mutation> {
  const { form } = draft;
  return fc.oneof(
    badIdMutation('invoice_id', invoice.id.label, 'inv_', 'cli_NffrFeUfNV2Hib'),
    setting(
      'note_reason',
      note.reason.label,
      fc.constantFrom<unknown>(undefined, 'Sales Return', 'return', 'SALES_RETURN', 'price_revision', 42, '{{reason}}'),
    ),
    setting('note', note.note.label, fc.oneof(h.longText(501), h.notTextArb, fc.constant('for {{order.id}}'))),
    setting('idempotency_key', invoice.idempotencyKey.label, h.badKeyArb),
    ...(form.taxable_amount === undefined
      ? []
      : [setting('taxable_amount', note.taxableAmount.label, fc.constantFrom(...BAD_TYPED_AMOUNTS, '0', '0.00'))]),
    ...(form.quantity === undefined
      ? []
      : [setting('quantity', note.quantity.label, fc.constantFrom<unknown>('0', '-1', '1.0005', 'two', '1,5'))]),
    ...(form.line === undefined
      ? []
      : [setting('line', note.line.label, fc.constantFrom<unknown>('0', '-1', '1.5', 'first', '101'))]),
  );
}

export function noteCases(kind: Kind, h: CaseHelpers) {
  const valid = validNote(kind, h);
  const broken = h.broken(valid, (draft) => noteMutations(draft, h));
  const invalid =
    kind === 'credit' ? fc.oneof({ weight: 9, arbitrary: broken }, { weight: 1, arbitrary: pastWhatRemains }) : broken;
  return { generator: h.mix(h.withStrayKey(valid), invalid), nasty: nastyNotes(kind) };
}

// ── The cases, spelled out and worked by hand ──────────────────────────────────────────────────────────

const ID = 'inv_3MtwBwLkdIwHu7ix';
const read = (overrides: object) => ({ path: `/v1/invoices/${ID}`, answer: invoiceAnswer(ID, overrides) });
/** ₹1,00,00,000.00 owed, nothing credited yet: room for every valid note below. */
const ROOMY = read({ amount_due: 1_000_000_000, amount_remaining: 1_000_000_000 });
/** A tax invoice within Maharashtra at 18 % (CGST 9 % + SGST 9 %) with ₹1,000.00 still creditable. */
const TAX_INVOICE_1000_LEFT = read({
  items: [{ description: 'Design', amount: 100_000, gst_rate: '18', cgst: 9000, sgst: 9000, igst: 0, utgst: 0 }],
  tax: {
    supplier_gstin: '27ABCFS1234K1Z7',
    supplier_state: '27',
    client_gstin: null,
    place_of_supply: '27',
    place_of_supply_name: 'Maharashtra',
    supply_type: 'intra_state',
    taxable_value: 100_000,
    cgst: 9000,
    sgst: 9000,
    utgst: 0,
    igst: 0,
    total_tax: 18_000,
    total: 118_000,
  },
  amount_due: 118_000,
  amount_credited: 18_000,
  amount_remaining: 100_000,
});

function nastyNotes(kind: Kind): Draft[] {
  const path = `/v1/invoices/${ID}/${kind}_notes`;
  const { ok, bad } = spelledOut(path, { invoice_id: ID }, ROOMY);
  const { label: amountLabel } = note.taxableAmount;
  const shared: Draft[] = [
    ok(
      'a lump sum of "1,50,000.50"',
      { note_reason: 'others', taxable_amount: '1,50,000.50' },
      {
        note_reason: 'others',
        taxable_amount: 15_000_050,
      },
    ),
    ok(
      '1.5 units of line 2',
      { note_reason: 'sales_return', line: '2', quantity: '1.5' },
      {
        note_reason: 'sales_return',
        line: 2,
        quantity: 1.5,
      },
    ),
    ok(
      '₹1,500.00 of line 1, typed as a number',
      { note_reason: 'correction', line: 1, taxable_amount: 1500 },
      {
        note_reason: 'correction',
        line: 1,
        taxable_amount: 150_000,
      },
    ),
    ok(
      'a stray key beside the fields (ignored)',
      { note_reason: 'others', taxable_amount: '10', made_up: 'x' },
      {
        note_reason: 'others',
        taxable_amount: 1000,
      },
    ),
    bad('three decimals on rupees', { note_reason: 'others', taxable_amount: '1.005' }, [
      `${amountLabel} has 3 decimals`,
    ]),
    bad('a negative amount', { note_reason: 'others', taxable_amount: '-1,500.00' }, [
      `${amountLabel} cannot be negative`,
    ]),
    bad('a zero amount', { note_reason: 'others', taxable_amount: '0.00' }, [`${amountLabel} must be more than 0`]),
    bad('a reason not in the list', { note_reason: 'Sales Return', taxable_amount: '10' }, [
      `${note.reason.label} must be one of sales_return, post_sale_discount`,
    ]),
    bad('units without a line', { note_reason: 'sales_return', quantity: '1' }, [`${note.quantity.label} needs`]),
    bad(
      'a line with units and an amount',
      { note_reason: 'sales_return', line: '1', quantity: '1', taxable_amount: '5' },
      [`${amountLabel} must be left empty`],
    ),
    bad('a line with neither units nor an amount', { note_reason: 'sales_return', line: '1' }, [
      `${note.quantity.label} or ${amountLabel} is required with ${note.line.label}`,
    ]),
    bad('template syntax in the note', { note_reason: 'others', taxable_amount: '10', note: '{{$json.why}}' }, [
      `${note.note.label} holds template syntax`,
    ]),
    bad('a 1 MB note', { note_reason: 'others', taxable_amount: '10', note: 'n'.repeat(1_000_000) }, [
      `${note.note.label} must be at most 500`,
    ]),
    bad(
      'a 1 MB invoice ID',
      { note_reason: 'others', taxable_amount: '10', invoice_id: `inv_${'a'.repeat(1_000_000)}` },
      [`${invoice.id.label} must be at most`],
    ),
    bad('no invoice ID', { invoice_id: undefined, note_reason: 'others', taxable_amount: '10' }, [invoice.id.label]),
    bad('nothing at all', { invoice_id: undefined }, [invoice.id.label, note.reason.label]),
    bad(
      '"1.50" on a yen invoice (only the invoice tells)',
      { note_reason: 'others', taxable_amount: '1.50' },
      [`${amountLabel} has more decimals than JPY has`],
      read({ currency: 'JPY' }),
    ),
    bad(
      'a note on a void invoice',
      { note_reason: 'others', taxable_amount: '10' },
      [`${invoice.id.label} is INV-000123, which is void: no ${kind} note can be issued on it`],
      read({ status: 'void' }),
    ),
  ];
  if (kind === 'debit') {
    return [
      ...shared,
      bad('a debit note for nothing', { note_reason: 'correction' }, [`${amountLabel} is required on a debit note`]),
    ];
  }
  return [
    ...shared,
    ok('all that remains', { note_reason: 'sales_return' }, { note_reason: 'sales_return' }),
    // 84,746 × 9 % = 7,627.14 → ₹76.27 each of CGST and SGST: 84,746 + 2 × 7,627 = 1,00,000, exactly what remains.
    ok(
      '₹847.46 and its GST, exactly what remains',
      { note_reason: 'others', taxable_amount: '847.46' },
      {
        note_reason: 'others',
        taxable_amount: 84_746,
      },
      TAX_INVOICE_1000_LEFT,
    ),
    // 84,747 × 9 % = 7,627.23 → ₹76.27 each: ₹1,000.01 in all, a paisa past what remains.
    bad(
      '₹847.47 and its GST, a paisa past what remains',
      { note_reason: 'others', taxable_amount: '847.47' },
      [
        `${amountLabel} is more than remains creditable of INV-000123: this note would credit ₹1,000.01 with GST, ` +
          'and ₹1,000.00 remains',
      ],
      TAX_INVOICE_1000_LEFT,
    ),
    bad(
      'a credit note when nothing is left',
      { note_reason: 'others' },
      [`${invoice.id.label} is INV-000123, which has nothing left to credit`],
      read({ amount_credited: sampleInvoice.amount_due }),
    ),
  ];
}

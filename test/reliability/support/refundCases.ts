/**
 * Suite 1's Record Refund inputs (issue 40), beside cases.ts's. A refund reads its payment once before it writes
 * (docs/api-contract.md, "Refunds" and "Checked against what it corrects"), so the fake service answers that GET
 * with the case's payment, and a valid case expects that GET and then the one POST with the contract's body
 * (the amount in the payment's minor units, a UPI refund's UTR under `upi`, moments in UTC). A field broken alone
 * is refused before any request; more than the payment has left is refused after that GET, before any write.
 * REFUND_CASES, not 10,000: see noteCases.ts's header.
 */
import fc from 'fast-check';

import { FIELDS } from '../../../shared';
import { clean, optionalTextArb, padded } from '../../shared/arbitraries';
import {
  BAD_TYPED_AMOUNTS,
  badIdMutation,
  CURRENCIES,
  idArb,
  moneyArb,
  paymentAnswer,
  setting,
  spelledOut,
  type CorrectionHelpers,
  type Draft,
  type Mutation,
} from './corrections';

export const REFUND_CASES = 1_000;

const { refund, payment } = FIELDS;
/** Moments in the past as typed, with the UTC instant (whole seconds) the wire carries. */
const refundedAtArb = fc.constantFrom(
  { raw: undefined as unknown, value: undefined as string | undefined },
  { raw: '', value: undefined },
  { raw: '2026-11-20', value: '2026-11-20T00:00:00Z' },
  { raw: '2026-11-20T10:30:00+05:30', value: '2026-11-20T05:00:00Z' },
  { raw: ' 2026-06-01T12:00:00+0000 ', value: '2026-06-01T12:00:00Z' },
);

const validRefund = (h: CorrectionHelpers) =>
  fc
    .tuple(
      padded(idArb('pay_')),
      fc.constantFrom(...h.methods),
      fc.constantFrom(...h.methods),
      fc
        .constantFrom(...CURRENCIES)
        .chain((currency) => fc.tuple(fc.constant(currency), moneyArb(1, 1_000_000_000, currency))),
      fc.nat(1_000_000_000),
      fc.nat(1_000_000_000),
      h.utrArb,
      optionalTextArb(100),
      refundedAtArb,
      optionalTextArb(500),
      h.keyArb,
    )
    .map(([id, method, paidBy, [[currency], amount], left, refunded, utr, reference, at, text, key]): Draft => {
      const upi = method === 'upi';
      const paymentId = id.trim();
      return {
        name: 'valid',
        form: clean({
          payment_id: id,
          method,
          amount: amount.raw,
          utr: upi ? utr.raw : undefined,
          reference: reference.raw,
          refunded_at: at.raw,
          note: text.raw,
          idempotency_key: key.raw,
        }),
        expected: {
          valid: true,
          method: 'POST',
          path: `/v1/payments/${paymentId}/refunds`,
          idempotencyKey: key.header,
          body: clean({
            method,
            amount: amount.minor,
            upi: upi ? { utr: utr.value } : undefined,
            reference: reference.value,
            refunded_at: at.value,
            note: text.value,
          }),
          // Paid the refund and more (left), some of it refunded already: what remains is at least the refund.
          read: {
            path: `/v1/payments/${paymentId}`,
            answer: paymentAnswer(paymentId, {
              currency,
              method: paidBy,
              upi: paidBy === 'upi' ? { utr: '412345678901', vpa: null } : null,
              amount: amount.minor + left + refunded,
              amount_refunded: refunded,
            }),
          },
        },
      };
    });

/** More than remains of the payment (its amount less its refunds): refused after the read, naming Amount. */
const pastWhatRemains = fc
  .tuple(idArb('pay_'), fc.integer({ min: 1, max: 1_000_000 }), fc.nat(1_000_000), fc.integer({ min: 1, max: 10_000 }))
  .map(
    ([id, left, refunded, over]): Draft => ({
      name: 'a refund past what remains',
      form: { payment_id: id, method: 'cash', amount: ((left + over) / 100).toFixed(2) },
      expected: {
        valid: false,
        named: [`${refund.amount.label} must be at most what remains refundable of ${id}, ${left} (`],
        read: {
          path: `/v1/payments/${id}`,
          answer: paymentAnswer(id, { amount: left + refunded, amount_refunded: refunded }),
        },
      },
    }),
  );

/**
 * One field broken before any request. A broken UTR is in the method's group, never paired with a broken method:
 * n8n reads UPI Reference only for a UPI refund (as Record Payment's cases in cases.ts).
 */
function refundMutations(draft: Draft, h: CorrectionHelpers): fc.Arbitrary<Mutation> {
  return fc.oneof(
    badIdMutation('payment_id', payment.id.label, 'pay_', 'inv_3MtwBwLkdIwHu7ix'),
    setting('amount', refund.amount.label, fc.constantFrom(...BAD_TYPED_AMOUNTS, undefined, '0', '0.00')),
    setting('method', refund.method.label, fc.constantFrom<unknown>('cheque', 'UPI', 'bank transfer', 42)),
    setting('reference', refund.reference.label, fc.oneof(h.longText(101), h.notTextArb)),
    setting('note', refund.note.label, fc.oneof(h.longText(501), h.notTextArb, fc.constant('for {{order.id}}'))),
    setting(
      'refunded_at',
      refund.refundedAt.label,
      fc.constantFrom<unknown>('yesterday', '2026-02-30', '2026-11-20T10:30:00', '2999-01-01T00:00:00Z', 42),
    ),
    setting('idempotency_key', refund.idempotencyKey.label, h.badKeyArb),
    ...(draft.form.method === 'upi'
      ? [
          setting(
            'method',
            refund.utr.label,
            fc.constantFrom<unknown>('12345', '4123456789012', 'abcdefghijkl', '4123-4567-8901'),
            'utr',
          ),
        ]
      : []),
  );
}

export function refundCases(h: CorrectionHelpers) {
  const valid = validRefund(h);
  const invalid = fc.oneof(
    { weight: 9, arbitrary: h.broken(valid, (draft) => refundMutations(draft, h)) },
    { weight: 1, arbitrary: pastWhatRemains },
  );
  return { generator: h.mix(h.withStrayKey(valid), invalid), nasty };
}

// ── The cases, spelled out and worked by hand ──────────────────────────────────────────────────────────

const ID = 'pay_1NqW2cHq8ZkYd3Tx';
const PATH = `/v1/payments/${ID}/refunds`;
const read = (overrides: object = {}) => ({ path: `/v1/payments/${ID}`, answer: paymentAnswer(ID, overrides) });
/** ₹1,000.00 paid, ₹700.00 of it refunded: ₹300.00 remains. */
const LEFT_300 = read({ amount: 100_000, amount_refunded: 70_000 });
/** ₹1,00,00,000.00 paid, nothing refunded yet: room for every valid refund below. */
const ROOMY = read({ amount: 1_000_000_000 });
const { ok, bad } = spelledOut(PATH, { payment_id: ID }, ROOMY);
const { amount: amountOf, utr: utrOf } = refund;

const nasty: Draft[] = [
  ok(
    'UPI, "1,500.00", the UTR with spaces',
    { method: 'upi', amount: '1,500.00', utr: '5123 4567 8902' },
    {
      method: 'upi',
      amount: 150_000,
      upi: { utr: '512345678902' },
    },
  ),
  ok(
    'a bank transfer of 1500 as a number',
    { method: 'bank_transfer', amount: 1500, reference: 'HDFCN5202611' },
    {
      method: 'bank_transfer',
      amount: 150_000,
      reference: 'HDFCN5202611',
    },
  ),
  ok('cash, " 1,50,000.50 "', { method: 'cash', amount: ' 1,50,000.50 ' }, { method: 'cash', amount: 15_000_050 }),
  ok(
    'exactly what remains, ₹300.00',
    { method: 'cash', amount: '300.00' },
    { method: 'cash', amount: 30_000 },
    LEFT_300,
  ),
  bad(
    'a paisa past what remains',
    { method: 'cash', amount: '300.01' },
    [`${amountOf.label} must be at most what remains refundable of ${ID}, 30000 (₹300.00)`],
    LEFT_300,
  ),
  bad(
    'a payment refunded in full',
    { method: 'cash', amount: '1' },
    [`${payment.id.label} is ${ID}, which has been refunded in full`],
    read({ amount: 100_000, amount_refunded: 100_000 }),
  ),
  bad(
    '"1.50" on a yen payment (only the payment tells)',
    { method: 'cash', amount: '1.50' },
    [`${amountOf.label} has more decimals than JPY has`],
    read({ currency: 'JPY' }),
  ),
  bad('a UTR of 11 digits', { method: 'upi', amount: '10', utr: '41234567890' }, [
    `${utrOf.label} must be the 12-digit`,
  ]),
  bad('UPI without its UTR', { method: 'upi', amount: '10' }, [
    `${utrOf.label} is required when the payment method is upi`,
  ]),
  bad('three decimals on rupees', { method: 'cash', amount: '1.005' }, [`${amountOf.label} has 3 decimals`]),
  bad('a zero amount', { method: 'cash', amount: '0' }, [`${amountOf.label} must be more than 0`]),
  bad('a negative amount', { method: 'cash', amount: '-10' }, [`${amountOf.label} cannot be negative`]),
  bad('an invoice ID as payment ID', { payment_id: 'inv_3MtwBwLkdIwHu7ix', method: 'cash', amount: '1' }, [
    payment.id.label,
  ]),
  bad('template syntax in the reference', { method: 'bank_transfer', amount: '1', reference: '{{$json.ref}}' }, [
    `${refund.reference.label} holds template syntax`,
  ]),
  bad('a 1 MB note', { method: 'cash', amount: '1', note: 'n'.repeat(1_000_000) }, [
    `${refund.note.label} must be at most 500`,
  ]),
  bad('refunded tomorrow', { method: 'cash', amount: '1', refunded_at: '2999-01-01' }, [
    `${refund.refundedAt.label} cannot be in the future`,
  ]),
  bad('nothing at all', { payment_id: undefined }, [payment.id.label, refund.method.label, amountOf.label]),
];

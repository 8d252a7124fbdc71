/**
 * What suite 1's credit note, debit note and refund cases (noteCases.ts, refundCases.ts) share: their shapes, the
 * invoice or payment the fake service answers the operation's one read with, and amounts typed as people write
 * them, each with the minor units it must become (docs/api-contract.md, "Amounts as typed"), worked out here from
 * the digits, never by the code under test.
 */
import fc from 'fast-check';

import { sampleInvoice, samplePayment } from '../../../shared';
import { clean } from '../../shared/arbitraries';
import type { CaseHelpers } from './productCases';

/** The GET an operation makes before it writes, and what the service answers it with. */
export interface Read {
  path: string;
  answer: object;
}

// cases.ts's shapes, restated with the read: these files may not import it back (it loads them).
export type Expected =
  | { valid: true; method: 'POST' | 'PATCH'; path: string; body: unknown; idempotencyKey?: string; read?: Read }
  | { valid: false; named: string[]; read?: Read };
export type Form = Record<string, unknown>;
export interface Mutation {
  group: string;
  named: string;
  apply(form: Form): void;
}
export type Draft = { name: string; form: Form; expected: Expected };

/** cases.ts's helpers, with Record Payment's UTRs and methods, which refunds share. */
export type CorrectionHelpers = CaseHelpers & {
  utrArb: fc.Arbitrary<{ raw: string; value: string }>;
  methods: readonly ['upi', 'bank_transfer', 'cash', 'other'];
};

/**
 * The makers of one operation's spelled-out cases: `fixed` (the ID it corrects) under every form, `roomy` the read
 * a valid case expects unless it names another; a refusal expects a read only when it names one.
 */
export function spelledOut(path: string, fixed: Form, roomy: Read) {
  const ok = (name: string, form: Form, body: object, read = roomy): Draft => ({
    name,
    form: clean({ ...fixed, ...form }),
    expected: { valid: true, method: 'POST', path, body, read },
  });
  const bad = (name: string, form: Form, named: string[], read?: Read): Draft => ({
    name,
    form: clean({ ...fixed, ...form }),
    expected: { valid: false, named, ...(read ? { read } : {}) },
  });
  return { ok, bad };
}

/** The currencies a case's invoice or payment is in, with their ISO 4217 decimals; rupees most often. */
export const CURRENCIES: Array<[string, number]> = [
  ['INR', 2],
  ['INR', 2],
  ['INR', 2],
  ['USD', 2],
  ['JPY', 0],
];

const thousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Lakh and crore: the last three digits, then pairs (1,50,000). */
const lakhs = (whole: string) =>
  whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`;

/** `minor` units of a currency with `decimals`, typed one of the ways the contract accepts. */
export function typedAmountArb(minor: number, currency: string, decimals: number): fc.Arbitrary<unknown> {
  const digits = String(minor).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(-decimals)}` : '';
  const forms: unknown[] = [
    `${whole}${fraction}`,
    `${thousands(whole)}${fraction}`,
    `${lakhs(whole)}${fraction}`,
    ` ${thousands(whole)}${fraction} `,
    // A number mapped by an expression: its shortest spelling is the decimal itself (at most 12 digits).
    Number(`${whole}${fraction}`),
  ];
  if (/^0*$/.test(fraction.slice(1))) forms.push(whole);
  if (currency === 'INR') forms.push(`₹${lakhs(whole)}${fraction}`);
  return fc.constantFrom(...forms);
}

/** An amount of `currency` up to `max` minor units, with the forms it may be typed in. */
export const moneyArb = (min: number, max: number, [currency, decimals]: [string, number]) =>
  fc.integer({ min, max }).chain((minor) => typedAmountArb(minor, currency, decimals).map((raw) => ({ raw, minor })));

/** Typed amounts refused before any request, whatever the currency read later: the form alone tells. */
export const BAD_TYPED_AMOUNTS: unknown[] = [
  '-5',
  '-1,500.00',
  -1,
  '1.005',
  '1,50',
  '1.500,00',
  '1e3',
  'fifteen hundred',
  '9'.repeat(400),
  NaN,
  true,
];

/** An invoice the service holds, as Get Invoice answers it: the sample's, with the case's figures. */
export function invoiceAnswer(id: string, overrides: object): object {
  return { ...sampleInvoice, id, hosted_url: `https://pay.invoicing.example/i/${id}`, ...overrides };
}

/** A payment the service holds, as Get Payment answers it. */
export function paymentAnswer(id: string, overrides: object): object {
  return { ...samplePayment, id, ...overrides };
}

/** IDs of the right shape, with the white space a copy-paste leaves around them. */
export const idArb = (prefix: string) => fc.stringMatching(new RegExp(`^${prefix}[A-Za-z0-9]{6,24}$`));
/** An ID of the right prefix but far too long to be one. */
export const longIdArb = (prefix: string) =>
  fc.integer({ min: 256, max: 4000 }).map((length) => `${prefix}${'a'.repeat(length - prefix.length)}`);

/** A mutation setting one key (or, for `undefined`, leaving it out). */
export const setting = (group: string, named: string, arb: fc.Arbitrary<unknown>, key = group) =>
  arb.map(
    (value): Mutation => ({
      group,
      named,
      apply: (form) => void (value === undefined ? delete form[key] : (form[key] = value)),
    }),
  );

/** An ID left out, blank, of another kind, malformed, holding a template or far too long: refused naming `label`. */
export const badIdMutation = (key: string, label: string, prefix: string, otherKind: string) =>
  setting(
    key,
    label,
    fc.oneof(
      fc.constantFrom<unknown>(undefined, '', otherKind, prefix, `${prefix}a b`, 42, `{{$json.${key}}}`),
      longIdArb(prefix),
    ),
  );

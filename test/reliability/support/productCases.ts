/**
 * Suite 1's Create Product inputs (issue 42), beside cases.ts's: valid products with the one request each must
 * send, and products broken in one or two fields, named in Create Product's own words (Product Name, SKU, Price).
 * The helpers come from cases.ts as an argument, so neither file loads the other half-built.
 */
import fc from 'fast-check';

import { FIELDS } from '../../../shared';
import { badAmountArb, badCurrencyArb, clean, optionalTextArb, padded, textArb } from '../../shared/arbitraries';

// cases.ts's shapes, restated: this file may not import it back (it is loaded from there).
type Expected =
  | { valid: true; method: 'POST' | 'PATCH'; path: string; body: unknown; idempotencyKey?: string }
  | { valid: false; named: string[] };
type Form = Record<string, unknown>;
interface Mutation {
  group: string;
  named: string;
  apply(form: Form): void;
}
type Draft = { name: string; form: Form; expected: Expected };

export interface CaseHelpers {
  keyArb: fc.Arbitrary<{ raw: unknown; header: string | undefined }>;
  longText(min: number): fc.Arbitrary<string>;
  notTextArb: fc.Arbitrary<string>;
  badKeyArb: fc.Arbitrary<string>;
  broken(valid: fc.Arbitrary<Draft>, mutations: (draft: Draft) => fc.Arbitrary<Mutation>): fc.Arbitrary<Draft>;
  mix(valid: fc.Arbitrary<Draft>, invalid: fc.Arbitrary<Draft>): fc.Arbitrary<Draft>;
  withStrayKey(valid: fc.Arbitrary<Draft>): fc.Arbitrary<Draft>;
}

const { product, item, invoice } = FIELDS;

/** Codes of each kind as people type them, with what is sent: an HSN code for goods, a SAC (99…) for services. */
const HSN = ['6109', '8471', '847130', '61091000', '4202'];
const SAC = ['998314', '998599', '996311'];
/** Rates in force (GST 2.0, since 22 September 2025) as typed, with what the wire carries. */
const RATES: Array<[string, string]> = [
  ['5', '5'],
  ['18', '18'],
  ['18 %', '18'],
  ['0.25', '0.25'],
  ['40', '40'],
  ['3', '3'],
];
const skuArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,40}$/);
const priceArb = fc
  .integer({ min: 0, max: 100_000_000_000 })
  .chain((price) => fc.constantFrom<unknown>(price, String(price), ` ${price} `).map((raw) => ({ raw, value: price })));

export function productCases(h: CaseHelpers): { generator: fc.Arbitrary<Draft>; nasty: Draft[] } {
  const valid = fc
    .tuple(
      padded(textArb(200)),
      padded(skuArb),
      fc.constantFrom('goods', 'service'),
      fc.option(fc.nat(9), { nil: undefined }),
      fc.option(fc.constantFrom(...RATES), { nil: undefined }),
      optionalTextArb(30),
      priceArb,
      fc.constantFrom(['INR', 'INR'], [' inr ', 'INR'], ['USD', 'USD']),
      optionalTextArb(500),
      h.keyArb,
    )
    .map(([name, sku, kind, code, rate, unit, price, [currency, sent], description, key]): Draft => {
      const codes = kind === 'goods' ? HSN : SAC;
      const hsnSac = code === undefined ? undefined : codes[code % codes.length];
      return {
        name: 'valid',
        form: clean({
          name,
          sku,
          product_type: kind,
          hsn_sac: hsnSac,
          gst_rate: rate?.[0],
          unit: unit.raw,
          unit_price: price.raw,
          currency,
          description: description.raw,
          idempotency_key: key.raw,
        }),
        expected: {
          valid: true,
          method: 'POST',
          path: '/v1/products',
          idempotencyKey: key.header,
          body: clean({
            name: name.trim(),
            sku: sku.trim(),
            product_type: kind,
            hsn_sac: hsnSac,
            gst_rate: rate?.[1],
            unit: unit.value,
            unit_price: price.value,
            currency: sent,
            description: description.value,
          }),
        },
      };
    });

  const text = (group: string, named: string, arb: fc.Arbitrary<unknown>) =>
    arb.map((value) => ({ group, named, apply: (f: Form) => void (f[group] = value) }));
  // A code of the other kind is refused too, but only beside a well-formed kind: spelled out in `nasty`.
  const mutations = (): fc.Arbitrary<Mutation> =>
    fc.oneof(
      text('name', product.name.label, fc.oneof(fc.constantFrom<unknown>('', '   '), h.longText(201), h.notTextArb)),
      text('sku', product.sku.label, fc.oneof(fc.constantFrom<unknown>('', 'TSHIRT RED', 'A\tB'), h.longText(65))),
      text('product_type', product.productType.label, fc.constantFrom<unknown>('Goods', 'product', 'services', 42)),
      text('hsn_sac', item.hsnSac.label, fc.constantFrom<unknown>('12', 'abcd', '99831', '123456789', '61-09')),
      text('gst_rate', item.gstRate.label, fc.constantFrom<unknown>('12', '28', '7', 'five', -5)),
      text('unit', item.unit.label, fc.oneof(h.longText(31), h.notTextArb)),
      text('unit_price', product.unitPrice.label, badAmountArb),
      text('currency', invoice.currency.label, badCurrencyArb),
      text('description', product.description.label, fc.oneof(h.longText(501), h.notTextArb)),
      text('idempotency_key', invoice.idempotencyKey.label, h.badKeyArb),
    );

  const bad = (name: string, form: Form, ...named: string[]): Draft => ({
    name,
    form,
    expected: { valid: false, named },
  });
  const tee = { name: 'Cotton T-shirt, red, M', sku: 'TSHIRT-RED-M', product_type: 'goods', unit_price: 89900 };
  const nasty: Draft[] = [
    bad(
      'a service with an HSN code',
      { ...tee, product_type: 'service', currency: 'INR', hsn_sac: '8471' },
      'HSN/SAC Code is an HSN code, which is for goods, but Goods or Service is service',
    ),
    bad(
      'goods with a SAC',
      { ...tee, currency: 'INR', hsn_sac: '998314' },
      'HSN/SAC Code is a SAC, which is for services, but Goods or Service is goods',
    ),
    bad(
      'a SKU of two words',
      { ...tee, currency: 'INR', sku: 'TSHIRT RED' },
      `${product.sku.label} must have no spaces inside`,
    ),
    bad(
      'GST 12 % (gone since 22 September 2025)',
      { ...tee, currency: 'INR', gst_rate: '12' },
      `${item.gstRate.label} is not a GST rate in force`,
    ),
    bad(
      'nothing at all',
      {},
      product.name.label,
      product.sku.label,
      product.productType.label,
      product.unitPrice.label,
      invoice.currency.label,
    ),
    bad(
      'a 1 MB SKU',
      { ...tee, currency: 'INR', sku: 'S'.repeat(1_000_000) },
      `${product.sku.label} must be at most 64`,
    ),
  ];
  return { generator: h.mix(h.withStrayKey(valid), h.broken(valid, mutations)), nasty };
}

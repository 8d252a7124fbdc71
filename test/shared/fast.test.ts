/**
 * parseFast must never disagree with zod: whenever it answers, zod accepts the same value and returns
 * the same result (keys in the same order). And it must answer for what the connectors parse on every
 * call, or it saves nothing.
 */
import fc from 'fast-check';
import { z } from 'zod';
import * as schemas from '../../shared/schemas';
import { parseFast, safeParse } from '../../shared/schemas/fast';
import { listPageSchema } from '../../shared/schemas/resources';
import { sampleAccount, sampleClient, sampleEvents, sampleInvoice, sampleWebhook } from '../../shared';
import { clientFieldsArb, emailArb, invoiceArb } from './arbitraries';

/** Keys at every depth, in order, so "same result" includes the order zod builds objects in. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') return Object.entries(value).map(([key, child]) => [key, shapeOf(child)]);
  return value;
}

/** True when parseFast answered; throws when its answer is not zod's. */
function agrees(schema: z.ZodTypeAny, value: unknown): boolean {
  const fast = parseFast(schema, value);
  if (!fast) return false;
  const zod = schema.safeParse(value);
  expect(zod.success).toBe(true);
  if (zod.success) {
    expect(fast.data).toStrictEqual(zod.data);
    expect(shapeOf(fast.data)).toStrictEqual(shapeOf(zod.data));
  }
  return true;
}

const all = (Object.entries(schemas) as Array<[string, unknown]>)
  .filter((entry): entry is [string, z.ZodTypeAny] => entry[1] instanceof z.ZodType);
const invoicePage = listPageSchema(schemas.invoiceSchema);

/** Valid values to start from, per schema. */
const bases: Array<[string, z.ZodTypeAny, fc.Arbitrary<unknown>]> = [
  ['createInvoiceInputSchema', schemas.createInvoiceInputSchema, invoiceArb.map((invoice) => invoice.raw)],
  ['clientCreateInputSchema', schemas.clientCreateInputSchema,
    fc.tuple(emailArb, clientFieldsArb).map(([email, fields]) => ({ email, ...fields.raw }))],
  ['invoiceSchema', schemas.invoiceSchema, fc.constant(sampleInvoice)],
  ['clientSchema', schemas.clientSchema, fc.constant(sampleClient)],
  ['accountSchema', schemas.accountSchema, fc.constant(sampleAccount)],
  ['webhookSubscriptionSchema', schemas.webhookSubscriptionSchema, fc.constant(sampleWebhook)],
  ['eventSchema', schemas.eventSchema, fc.constantFrom(...Object.values(sampleEvents))],
  ['invoice list page', invoicePage, fc.constant({ object: 'list', data: [sampleInvoice, sampleInvoice], has_more: true })],
];

/** Every path in a value, so a mutation can land anywhere in it. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (!value || typeof value !== 'object') return [at];
  return [at, ...Object.keys(value).flatMap((key) => paths((value as Record<string, unknown>)[key], [...at, key]))];
}

const mutation = fc.record({
  pick: fc.nat(),
  op: fc.constantFrom('set', 'delete', 'add', 'undefined', 'blank', 'spaces'),
  value: fc.oneof(fc.anything(), fc.constantFrom('', ' x ', '12', 'ana@example.com', null, NaN, 1.5, -1)),
  key: fc.constantFrom('extra', '__proto__', 'amount', 'description', 'then'),
});

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(base: unknown, changes: Mutation[]): unknown {
  const root = { value: structuredClone(base) };
  for (const change of changes) {
    const candidates = paths(root.value);
    const path = ['value', ...candidates[change.pick % candidates.length]];
    const key = path.pop()!;
    const parent = path.reduce<any>((node, part) => node[part], root);
    const target = parent[key];
    if (change.op === 'set') parent[key] = change.value;
    else if (change.op === 'delete' && key !== 'value') delete parent[key];
    else if (change.op === 'undefined') parent[key] = undefined;
    else if (change.op === 'blank') parent[key] = '';
    else if (change.op === 'spaces' && typeof target === 'string') parent[key] = ` ${target} `;
    else if (change.op === 'add' && target && typeof target === 'object' && !Array.isArray(target)) {
      Object.defineProperty(target, change.key, { value: change.value, enumerable: true, configurable: true, writable: true });
    }
  }
  return root.value;
}

describe('parseFast agrees with zod', () => {
  test.each(bases.map(([name, schema, arb]) => [name, schema, arb] as const))('%s: valid values and mutations of them', (_name, schema, arb) => {
    let answered = 0;
    fc.assert(fc.property(arb, fc.array(mutation, { maxLength: 3 }), (base, changes) => {
      if (agrees(schema, mutate(base, changes))) answered += 1;
    }), { numRuns: 400 });
    expect(answered).toBeGreaterThan(0);
  });

  test.each(all.map(([name, schema]) => [name, schema] as const))('%s: arbitrary values', (_name, schema) => {
    fc.assert(fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (value) => {
      agrees(schema, value);
    }), { numRuns: 150 });
  });
});

describe('parseFast answers for what every call parses', () => {
  test('Create Invoice input as Zapier and n8n hand it over (amounts as text, yes/no, stray spaces)', () => {
    fc.assert(fc.property(invoiceArb, (invoice) => {
      expect(parseFast(schemas.createInvoiceInputSchema, invoice.raw)?.data).toStrictEqual(invoice.expected);
    }), { numRuns: 300 });
  });

  test.each([
    ['an invoice', schemas.invoiceSchema, sampleInvoice],
    ['a client', schemas.clientSchema, sampleClient],
    ['a webhook subscription', schemas.webhookSubscriptionSchema, sampleWebhook],
    ['a page of invoices', invoicePage, { object: 'list', data: [sampleInvoice], has_more: false }],
    ...Object.entries(sampleEvents).map(([name, event]) => [`the ${name} event`, schemas.eventSchema, event] as const),
  ] as Array<[string, z.ZodTypeAny, unknown]>)('%s from the service', (_name, schema, value) => {
    expect(agrees(schema, value)).toBe(true);
  });
});

describe('edges where zod has the last word', () => {
  const strict = z.object({ name: z.string().trim().min(1) }).strict();
  const loose = z.object({ name: z.string().optional() }).passthrough();

  test.each([
    ['an unexpected key on a strict object', strict, { name: 'a', extra: 1 }],
    ['a check that fails after trimming', strict, { name: '   ' }],
    ['a Date, a Map or a promise-like object where an object is expected', loose, new Date()],
    ['a Map', loose, new Map()],
    ['a promise-like object', loose, { then: () => 1, catch: () => 1 }],
    ['NaN', z.number(), Number.NaN],
    ['a refinement that adds an issue', z.string().refine((text) => text === 'yes'), 'no'],
    ['a preprocess step that adds an issue', z.preprocess((value, context) => {
      context.addIssue({ code: z.ZodIssueCode.custom, message: 'no' });
      return value;
    }, z.string()), 'x'],
  ])('%s: no answer', (_name, schema, value) => {
    expect(parseFast(schema, value)).toBeUndefined();
    expect(schema.safeParse(value).success).toBe(false);
  });

  test('passthrough keeps extra keys but drops extra undefined ones; a key given as undefined stays', () => {
    const value = { name: undefined, extra: 1, gone: undefined };
    expect(agrees(loose, value)).toBe(true);
    expect(Object.keys(parseFast(loose, value)!.data)).toEqual(['name', 'extra']);
    expect(Object.keys(parseFast(loose, {})!.data)).toEqual([]);
  });

  test('a global pattern, coercion and unhandled checks are left to zod, which still answers', () => {
    const global = z.string().regex(/a/g);
    expect(agrees(global, 'a')).toBe(true);
    expect(agrees(global, 'a')).toBe(true);
    expect(agrees(z.coerce.number(), '12')).toBe(true);
    expect(agrees(z.string().email(), 'ana@example.com')).toBe(true);
    expect(agrees(z.number().multipleOf(5), 10)).toBe(true);
  });

  test('transforms run on the parsed value, as in zod', () => {
    expect(agrees(z.string().trim().transform((text) => text.length), '  abc ')).toBe(true);
    expect(parseFast(z.string().trim().transform((text) => text.length), '  abc ')?.data).toBe(3);
  });
});

test("safeParse: the fast path's value when it is sure, zod's own result (and issues) otherwise", () => {
  expect(safeParse(schemas.invoiceSchema, sampleInvoice)).toStrictEqual({ success: true, data: schemas.invoiceSchema.parse(sampleInvoice) });
  const refused = safeParse(schemas.createInvoiceInputSchema, { client_email: 'ana', currency: 'INR', items: [] });
  expect(refused.success).toBe(false);
  expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['client_email', 'items']);
});

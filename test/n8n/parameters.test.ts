import type { IExecuteFunctions, INodeParameters } from 'n8n-workflow';

import { param } from '../../n8n/editor/parameters';

/** n8n's answer for an expression depends on the item; here, the item's index stands in for its data. */
const resolved = (value: unknown, itemIndex: number): unknown => {
  if (typeof value === 'string') return value.startsWith('=') ? `${value.slice(1)} of item ${itemIndex}` : value;
  if (Array.isArray(value)) return value.map((entry) => resolved(entry, itemIndex));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolved(entry, itemIndex)]));
  return value;
};

/** A node run whose getNodeParameter answers item by item, as n8n would, and counts the calls. */
function run(parameters: INodeParameters) {
  const calls: string[] = [];
  const context = {
    getNode: () => ({ parameters }),
    getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
      calls.push(`${name}#${itemIndex}`);
      const value = name.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], parameters);
      return value === undefined ? fallback : resolved(value, itemIndex);
    },
  } as unknown as IExecuteFunctions;
  return { context, calls };
}

describe('reading a parameter for an item', () => {
  const parameters: INodeParameters = {
    currency: 'INR',
    client_email: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
    items: { item: [{ description: '={{ $json.line }}', amount: '1,500.00' }] },
    due: { payment_terms: 'net_30' },
  };

  test('a parameter without an expression is asked of n8n once per run, whatever the item', () => {
    const { context, calls } = run(parameters);
    expect([0, 1, 2].map((item) => param(context, 'currency', item))).toEqual(['INR', 'INR', 'INR']);
    expect([0, 1, 2].map((item) => param(context, 'due', item, {}))).toEqual(
      Array(3).fill({ payment_terms: 'net_30' }),
    );
    expect(calls).toEqual(['currency#0', 'due#0']);
  });

  test('a parameter holding an expression anywhere inside is asked of n8n for every item', () => {
    const { context, calls } = run(parameters);
    expect([0, 1].map((item) => param(context, 'client_email', item))).toEqual([
      { __rl: true, mode: 'email', value: '{{ $json.email }} of item 0' },
      { __rl: true, mode: 'email', value: '{{ $json.email }} of item 1' },
    ]);
    expect(param(context, 'items.item', 1)).toEqual([
      { description: '{{ $json.line }} of item 1', amount: '1,500.00' },
    ]);
    expect(calls).toEqual(['client_email#0', 'client_email#1', 'items.item#1']);
  });

  test('a parameter the workflow does not hold gives its fallback, and another fallback is asked again', () => {
    const { context, calls } = run(parameters);
    expect(param(context, 'options.concurrency', 0, 5)).toBe(5);
    expect(param(context, 'options.concurrency', 1, 5)).toBe(5);
    expect(param(context, 'options.concurrency', 2, 7)).toBe(7);
    expect(calls).toEqual(['options.concurrency#0', 'options.concurrency#2']);
  });

  test('each item gets a copy of its own: changing one leaves the next untouched', () => {
    const { context } = run(parameters);
    (param(context, 'due', 0) as Record<string, unknown>).payment_terms = 'net_7';
    expect(param(context, 'due', 1)).toEqual({ payment_terms: 'net_30' });
  });

  test('another node run asks n8n again', () => {
    const first = run(parameters);
    const second = run({ ...parameters, currency: 'USD' });
    expect(param(first.context, 'currency', 0)).toBe('INR');
    expect(param(second.context, 'currency', 0)).toBe('USD');
  });
});

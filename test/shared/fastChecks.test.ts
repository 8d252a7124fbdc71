/**
 * The n8n package reads list pages through checks ajv generates from docs/openapi.json (n8n/scripts/fastChecks.mjs)
 * before zod. Shown here on the generated code itself: for 100,000 seeded invoices (every currency, fields
 * absent, null or extra, keys in any order) the presented pages are the same JSON as zod's reading gives,
 * and a page the contract refuses fails with the same message, which names the field.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  invoiceSchema,
  paymentSchema,
  presentInvoice,
  presentPayment,
  presentedPage,
  sampleInvoice,
  samplePayment,
} from '../../shared';
import { checkedPage } from '../../shared/operations/checkedPage';
import type { FastChecks } from '../../shared/schemas/fastChecks';

let checks: Required<FastChecks>;
let folder: string;
beforeAll(async () => {
  // What n8n/build.mjs puts in the package, written by the same function in a process of its own (ESM).
  const source = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { fastChecksSource } from './n8n/scripts/fastChecks.mjs'; process.stdout.write(fastChecksSource());",
    ],
    { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' },
  );
  folder = mkdtempSync(path.join(tmpdir(), 'fast-checks-'));
  writeFileSync(path.join(folder, 'checks.js'), source);
  checks = (createRequire(__filename)(path.join(folder, 'checks.js')) as { fastChecks: Required<FastChecks> })
    .fastChecks;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A small seeded generator (mulberry32), so the 100,000 are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CURRENCIES = Intl.supportedValuesOf('currency');

function shuffled<T>(list: T[], next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function invoiceAt(index: number, next: () => number): Record<string, unknown> {
  const amount = () => Math.floor(next() * 100_000_000_001) - (next() < 0.05 ? 100_000_000_000 : 0);
  const optional = (value: unknown) => (next() < 0.3 ? undefined : next() < 0.5 ? null : value);
  const invoice: Record<string, unknown> = {
    ...sampleInvoice,
    id: `inv_${index}`,
    currency: CURRENCIES[Math.floor(next() * CURRENCIES.length)],
    items: Array.from({ length: Math.floor(next() * 4) }, (_, n) => ({
      description: `Line ${n}`,
      amount: amount(),
      ...(next() < 0.1 ? { sku: 'x' } : {}),
    })),
    amount_due: amount(),
    amount_paid: amount(),
    amount_remaining: amount(),
    whatsapp: { status: 'sent', error_code: optional('E1'), ...(next() < 0.1 ? { channel: 'wa' } : {}) },
    viewed_at: optional('2026-11-25T10:00:00Z'),
    paid_at: optional('2026-11-25T11:00:00Z'),
    disputed_at: optional('2026-11-25T12:00:00Z'),
    ...(next() < 0.2 ? { metadata: { order: index } } : {}),
  };
  const entries = Object.entries(invoice).filter(([, value]) => value !== undefined);
  return Object.fromEntries(next() < 0.5 ? shuffled(entries, next) : entries);
}

test('100,000 seeded invoices: the same presented pages as zod, byte for byte', () => {
  const next = random(33);
  const fast = checkedPage(invoiceSchema, presentInvoice, checks.invoicePage);
  const zod = presentedPage(invoiceSchema, presentInvoice);
  let accepted = 0;
  for (let page = 0; page < 1000; page += 1) {
    const body = {
      object: 'list',
      data: Array.from({ length: 100 }, (_, n) => invoiceAt(page * 100 + n, next)),
      has_more: page < 999,
    };
    if (checks.invoicePage(body)) accepted += 1;
    expect(JSON.stringify(fast(JSON.stringify(body)))).toBe(JSON.stringify(zod(JSON.stringify(body))));
  }
  expect(accepted).toBe(1000);
});

test('payments too', () => {
  const fast = checkedPage(paymentSchema, presentPayment, checks.paymentPage);
  const zod = presentedPage(paymentSchema, presentPayment);
  const body = { has_more: false, data: [samplePayment, { ...samplePayment, upi: null, extra: 1 }], object: 'list' };
  expect(checks.paymentPage(body)).toBe(true);
  expect(JSON.stringify(fast(body))).toBe(JSON.stringify(zod(body)));
});

describe('what the contract refuses is refused by both, with zod naming the field', () => {
  const broken: Array<[string, (invoice: Record<string, unknown>) => void]> = [
    [
      'an amount with a fraction',
      (invoice) => {
        invoice.amount_due = 10.5;
      },
    ],
    [
      'an amount as text',
      (invoice) => {
        invoice.amount_paid = '100';
      },
    ],
    [
      'a currency of four letters',
      (invoice) => {
        invoice.currency = 'INRS';
      },
    ],
    [
      'a missing id',
      (invoice) => {
        delete invoice.id;
      },
    ],
    [
      'another object',
      (invoice) => {
        invoice.object = 'client';
      },
    ],
    [
      'an empty created_at',
      (invoice) => {
        invoice.created_at = '';
      },
    ],
    [
      'a paid_at of a number',
      (invoice) => {
        invoice.paid_at = 5;
      },
    ],
    [
      'an item without its amount',
      (invoice) => {
        invoice.items = [{ description: 'x' }];
      },
    ],
    [
      'a whatsapp of null',
      (invoice) => {
        invoice.whatsapp = null;
      },
    ],
  ];
  test.each(broken)('%s', (_, breakIt) => {
    const invoice: Record<string, unknown> = JSON.parse(JSON.stringify(sampleInvoice));
    breakIt(invoice);
    const fast = checkedPage(invoiceSchema, presentInvoice, checks.invoicePage);
    const zod = presentedPage(invoiceSchema, presentInvoice);
    const body = { object: 'list', data: [sampleInvoice, invoice], has_more: false };
    expect(checks.invoicePage(body)).toBe(false);
    const message = (read: (b: unknown) => unknown) => {
      try {
        read(body);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message(fast)).toMatch(/expected shape \(at data\.1\./);
    expect(message(fast)).toBe(message(zod));
  });
});

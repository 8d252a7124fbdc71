/**
 * Our own CPU per invoice in Return All, outside n8n: reading a 100-invoice page with zod alone (before
 * #33) and through the contract's generated check (the n8n package since), and presenting it with Intl's
 * `format` (before) and with the formatter derived from `formatToParts` (since). Interleaved rounds,
 * medians and the range, the machine's load printed beside them. Run:
 *   npx esbuild bench/perInvoice.ts --bundle --platform=node --packages=external --outfile=bench/dist/perInvoice.js && node bench/dist/perInvoice.js
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { currencyExponent, invoiceSchema, presentInvoice, presentedPage, sampleInvoice } from '../shared';
import { checkedPage } from '../shared/operations/checkedPage';
import type { FastChecks } from '../shared/schemas/fastChecks';

// Run from the repository's root, as npm scripts are.
const root = process.cwd();
const source = execFileSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    "import { fastChecksSource } from './n8n/scripts/fastChecks.mjs'; process.stdout.write(fastChecksSource());",
  ],
  { cwd: root, encoding: 'utf8' },
);
const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'per-invoice-')), 'checks.js');
writeFileSync(file, source);
const { fastChecks } = createRequire(__filename)(file) as { fastChecks: Required<FastChecks> };

const CURRENCIES = ['INR', 'USD', 'EUR', 'JPY', 'KWD'];
const page = JSON.stringify({
  object: 'list',
  has_more: true,
  data: Array.from({ length: 100 }, (_, n) => ({
    ...sampleInvoice,
    id: `inv_${n}`,
    currency: CURRENCIES[n % 5],
    items: [
      { description: 'Design', amount: 1_250_000 + n },
      { description: 'Hosting', amount: 240_000 + n },
    ],
    amount_due: 1_490_000 + n,
    amount_paid: n * 100,
    amount_remaining: 1_490_000 - n * 99,
  })),
});

// Intl's `format` as formatMinor called it before #33, one formatter per currency.
const intl = new Map(
  CURRENCIES.map((currency) => [
    currency,
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: currencyExponent(currency),
      maximumFractionDigits: currencyExponent(currency),
    }),
  ]),
);
type Invoice = typeof sampleInvoice;
const presentBefore = (invoice: Invoice) => {
  const format = (amount: number) =>
    intl.get(invoice.currency)!.format(amount / 10 ** currencyExponent(invoice.currency));
  return {
    ...invoice,
    items: invoice.items.map((item) => ({ ...item, amount_formatted: format(item.amount) })),
    amount_due_formatted: format(invoice.amount_due),
    amount_paid_formatted: format(invoice.amount_paid),
    amount_remaining_formatted: format(invoice.amount_remaining),
  };
};

const variants: Record<string, (body: string) => unknown> = {
  'before: zod read + Intl format': presentedPage(invoiceSchema, presentBefore),
  'zod read + derived formatter': presentedPage(invoiceSchema, presentInvoice),
  'since: generated check + derived formatter': checkedPage(invoiceSchema, presentInvoice, fastChecks.invoicePage),
  'JSON.parse alone (the floor both share)': (body) => JSON.parse(body),
};
const pages = 300;
const results = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
const load = os.loadavg()[0];
for (let round = 0; round < 7; round += 1) {
  for (const [name, read] of Object.entries(variants)) {
    const started = process.cpuUsage();
    for (let n = 0; n < pages; n += 1) read(page);
    const used = process.cpuUsage(started);
    results.get(name)!.push((used.user + used.system) / (pages * 100));
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
process.stdout.write(
  `CPU µs per invoice (process CPU time; median of 7 rounds, range), load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}:\n`,
);
for (const [name, values] of results) {
  const sorted = [...values].sort((a, b) => a - b);
  process.stdout.write(
    `  ${name.padEnd(46)} ${median(values).toFixed(2)} µs (${sorted[0].toFixed(2)}–${sorted.at(-1)!.toFixed(2)})\n`,
  );
}

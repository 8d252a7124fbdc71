import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatMinor, type Invoice } from '../../shared';
import type { SandboxCore } from '../domain/context';
import type { Reply } from '../routes/router';
import type { RawCall } from '../http/server';
import { moneyScript } from './moneyScript';
import { wordsJson } from './pageWords';
import { apiReferencePages } from './apiReference';
import { taxInvoiceHtml } from './taxInvoice';
import { correctionsHtml } from './correctionsHtml';
import { type CorrectionRow, correctionRows } from '../domain/corrections';
import { standing } from '../domain/invoiceStanding';
import { type InvoiceParties, invoiceParties } from '../domain/invoiceParties';
import { upiQrSvg } from '../domain/upiQr';
import { einvoiceHtml } from './einvoice';

/** Next to this file in the sources, copied next to cli.js by build.mjs. */
const PUBLIC_DIR = path.join(__dirname, 'public');

const STATIC: Record<string, string> = {
  '/dashboard.js': 'text/javascript; charset=utf-8',
  '/dashboard.css': 'text/css; charset=utf-8',
};

/** Just enough for a tax invoice to read as one: figures right-aligned, the two parties side by side. */
const HOSTED_STYLE =
  '<style>body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}' +
  'table{border-collapse:collapse;width:100%}th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left}' +
  '.figure{text-align:right}.parties{display:flex;flex-wrap:wrap;gap:1rem 4rem}address{font-style:normal}' +
  '.tax-totals{display:grid;grid-template-columns:auto auto;gap:.2rem 1.5rem;width:max-content;margin-left:auto}' +
  '.tax-totals dd{margin:0}.signatory{text-align:right;margin-top:2.5rem}</style>';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The due date, and how long it is overdue (contract: "Dates, the time zone and the due date"). */
function dueHtml(invoice: Invoice): string {
  if (!invoice.due_date) return '';
  const days = invoice.days_overdue ?? 0;
  const overdue = invoice.overdue ? ` · ${days} day${days === 1 ? '' : 's'} overdue` : '';
  return `<p>Due date ${escapeHtml(invoice.due_date)}${overdue}</p>`;
}

/** The UPI pay link as a QR any UPI app scans (contract: "The UPI pay link"), for an INR invoice that owes. */
function upiHtml(link: string | null | undefined): string {
  if (!link) return '';
  return (
    `<figure class="upi">${upiQrSvg(link)}<figcaption>Scan to pay with any UPI app, or ` +
    `<a href="${escapeHtml(link)}">open the UPI link</a></figcaption></figure>`
  );
}

/**
 * The invoice as the API answers it (its standing follows from its account's today), found by its id alone, with
 * the parties it was issued to and from.
 */
function shownInvoice(
  core: SandboxCore,
  id: string,
): { invoice: Invoice; parties: InvoiceParties; corrections: CorrectionRow[] } | undefined {
  const accountId = core.data.invoices.accountOf(id);
  const account = accountId === undefined ? undefined : core.data.accounts.get(accountId);
  const stored = core.data.invoices.get(id);
  if (!stored || !account) return undefined;
  const data = core.data.forAccount(account.id);
  const of = { invoice_id: id };
  return {
    invoice: standing({ data, account }, stored),
    parties: invoiceParties(stored, account, data.clients.get(stored.client_id)),
    corrections: correctionRows({
      creditNotes: data.creditNotes.findAll(of),
      debitNotes: data.debitNotes.findAll(of),
      refunds: data.refunds.findAll(of),
    }),
  };
}

/** What notes and refunds did to the invoice, beside what it was due and paid, when they did anything. */
function correctedHtml(invoice: Invoice, money: (amount: number) => string): string {
  const figures: Array<[string, number | null | undefined]> = [
    ['credited', invoice.amount_credited],
    ['debited', invoice.amount_debited],
    ['refunded', invoice.amount_refunded],
    ['to refund', invoice.amount_refundable],
  ];
  const shown = figures.filter(([, amount]) => amount);
  return shown.length ? ` · ${shown.map(([word, amount]) => `${word} ${money(amount as number)}`).join(' · ')}` : '';
}

/** The UPI QR alone, for the dashboard's invoice page (like the hosted page, the id is what grants access). */
function upiQrImage(core: SandboxCore, id: string): Reply | undefined {
  const link = shownInvoice(core, id)?.invoice.upi_link;
  return link ? { status: 200, headers: { 'content-type': 'image/svg+xml' }, body: upiQrSvg(link) } : undefined;
}

/** A hosted invoice page, like the real service's: its unguessable id is what grants access, no key is asked. */
function hostedInvoice(core: SandboxCore, id: string): Reply | undefined {
  const shown = shownInvoice(core, id);
  if (!shown) return undefined;
  const { invoice, parties, corrections } = shown;
  const money = (amount: number) => escapeHtml(formatMinor(amount, invoice.currency));
  const rows = invoice.items.map(
    (item) => `<tr><td>${escapeHtml(item.description)}</td><td>${money(item.amount)}</td></tr>`,
  );
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body:
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(invoice.number)}</title>${HOSTED_STYLE}
${
  invoice.tax
    ? taxInvoiceHtml({ ...invoice, tax: invoice.tax }, parties, money, escapeHtml)
    : `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>To ${escapeHtml(invoice.client_email)} · status ${escapeHtml(invoice.status)}</p>
<table>${rows.join('')}</table>`
}<p>Due ${money(invoice.amount_due)} · paid ${money(invoice.amount_paid)} · ` +
      `remaining ${money(invoice.amount_remaining)}${correctedHtml(invoice, money)}</p>
${correctionsHtml(corrections, money, escapeHtml)}${dueHtml(invoice)}${upiHtml(invoice.upi_link)}${einvoiceHtml(
        invoice,
        escapeHtml,
      )}
<p><small>Sandbox page: nothing here moves money.</small></p>`,
  };
}

/**
 * The tax invoice alone, as the dashboard's invoice page shows it under its own heading: the hosted page's
 * rendering, so the two never differ (the id grants access, as for the hosted page).
 */
function taxInvoiceSection(core: SandboxCore, id: string): Reply | undefined {
  const shown = shownInvoice(core, id);
  const tax = shown?.invoice.tax;
  if (!shown || !tax) return undefined;
  const { invoice, parties } = shown;
  const money = (amount: number) => escapeHtml(formatMinor(amount, invoice.currency));
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: taxInvoiceHtml({ ...invoice, tax }, parties, money, escapeHtml, 'h2') + einvoiceHtml(invoice, escapeHtml),
  };
}

/** The credit notes, debit notes and refunds alone, for the dashboard's invoice page (as taxInvoiceSection). */
function correctionsSection(core: SandboxCore, id: string): Reply | undefined {
  const shown = shownInvoice(core, id);
  if (!shown) return undefined;
  const money = (amount: number) => escapeHtml(formatMinor(amount, shown.invoice.currency));
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: correctionsHtml(shown.corrections, money, escapeHtml),
  };
}

/**
 * The pages outside the API: the dashboard (plain HTML and JS, and shared/money.ts as /money.js)
 * and hosted invoice pages.
 */
export function createPages(core: SandboxCore) {
  // Read on first use, so an embedding (a test, the benchmark) that never opens the dashboard needs no files.
  const cache = new Map<string, string>();
  const read = (name: string) => {
    if (!cache.has(name)) cache.set(name, readFileSync(path.join(PUBLIC_DIR, name), 'utf8'));
    return cache.get(name)!;
  };
  const html = { 'content-type': 'text/html; charset=utf-8' };
  const reference = apiReferencePages(() => core.publicUrl(''));

  return (call: RawCall): Reply | undefined => {
    if (call.method !== 'GET') return undefined;
    const route = call.url.pathname;
    if (route === '/') return { status: 302, headers: { location: '/dashboard' } };
    if (route === '/dashboard') {
      // Statuses, event types and the key prefix come from their declarations, so the page never spells them.
      return { status: 200, headers: html, body: read('dashboard.html').replace('{{WORDS}}', wordsJson()) };
    }
    if (route === '/money.js') {
      if (!cache.has(route)) cache.set(route, moneyScript(PUBLIC_DIR));
      return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: cache.get(route) };
    }
    if (STATIC[route]) return { status: 200, headers: { 'content-type': STATIC[route] }, body: read(route.slice(1)) };
    if (route === '/healthz') return { status: 200, body: { ok: true } };
    const referencePage = reference(route);
    if (referencePage) return referencePage;
    const qr = /^\/i\/([A-Za-z0-9_]+)\/upi\.svg$/.exec(route);
    if (qr) return upiQrImage(core, qr[1]);
    const section = /^\/i\/([A-Za-z0-9_]+)\/tax-invoice$/.exec(route);
    if (section) return taxInvoiceSection(core, section[1]);
    const corrections = /^\/i\/([A-Za-z0-9_]+)\/corrections$/.exec(route);
    if (corrections) return correctionsSection(core, corrections[1]);
    const hosted = /^\/i\/([A-Za-z0-9_]+)$/.exec(route);
    return hosted ? hostedInvoice(core, hosted[1]) : undefined;
  };
}

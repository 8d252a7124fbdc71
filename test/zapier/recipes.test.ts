/**
 * The Zap recipes in templates/*\/zap-recipe.md, run step by step as written: each step's table is read from
 * the Markdown, its labels found among the fields the app shows, its `{{N.field}}` mappings filled from the
 * outputs of the steps before, and our steps run through zapier-platform-core's app tester against a sandbox
 * (our triggers from real signed deliveries). Steps of other apps (Slack, Gmail, Sheets, a CRM) are not
 * called: their fields are filled the same way and checked; Formatter's Split Text and Default Value, and
 * Filter's text conditions, are done as Zapier documents them. A mapping to a field no step gives fails the
 * recipe; a field with a list takes the label a person picks in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { createAppTester } from 'zapier-platform-core';
import { operations, waitOutRateLimits, type HttpRequest } from '../../shared';
import { fetchSend } from '../../sandbox';
import App from '../../zapier/src';
import { zapierHookRequest } from './hook-request';
import { sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);
// The recipes are about mappings; each Zap step is one app call that Zapier would retry after a 429 (the rate
// limit and its retry are shown in test/zapier and the reliability suites), so this sandbox allows 1,000 a second.
const session = sandboxSession(['--rate-limit', '1000']);
const TEMPLATES = path.resolve(__dirname, '../../templates');

interface Step {
  number: number;
  kind: string;
  key?: string;
  fields: Array<[string, string]>;
  /** Every cell of each table row, code quotes removed (a Filter's rows have three). */
  rows: string[][];
  sample?: unknown;
}

const recipeText = (slug: string) => readFileSync(path.join(TEMPLATES, slug, 'zap-recipe.md'), 'utf8');

/** The Zaps of a recipe of several, by their `<!-- zap X -->` markers. */
const zapsOf = (slug: string) => [...recipeText(slug).matchAll(/<!-- zap (\S+) -->/g)].map((m) => m[1]);

/**
 * The steps of one Zap in a recipe (`zap` picks the Zap of a recipe of several, by its `<!-- zap X -->` marker;
 * it runs to the next marker).
 */
function recipe(slug: string, zap?: string): Step[] {
  let text = recipeText(slug);
  if (zap) {
    text = text.slice(text.indexOf(`<!-- zap ${zap} -->`) + 1);
    if (text.includes('<!-- zap ')) text = text.slice(0, text.indexOf('<!-- zap '));
  } else if (text.includes('<!-- zap ')) text = text.slice(0, text.indexOf('<!-- zap '));
  return text
    .split(/(?=<!-- step )/)
    .slice(1)
    .map((section) => {
      const [, number, kind, key] = /^<!-- step (\d+) (\S+)(?: (\S+))? -->/.exec(section)!;
      const rows = section
        .split('\n')
        .filter((line) => line.startsWith('| ') && !/^\| (Field|---)/.test(line))
        .map((line) =>
          line
            .slice(2, -2)
            .split(/ (?<!\\)\| /)
            .map((cell) => cell.replace(/\\\|/g, '|'))
            .map((cell) => (/^`.*`$/.test(cell) ? cell.slice(1, -1) : cell)),
        );
      const fields = rows.map(([label, value]) => [label, value] as [string, string]);
      const json = /```json\n([\s\S]*?)```/.exec(section);
      return { number: Number(number), kind, key, fields, rows, sample: json ? JSON.parse(json[1]) : undefined };
    });
}

type Outputs = Record<number, any>;

/** One `N.path` of an earlier step's output; `x[]` maps the rest of the path over a list (Zapier's line items). */
function lookup(outputs: Outputs, reference: string): unknown {
  const [step, ...segments] = reference.split('.');
  const walk = (value: any, rest: string[]): unknown => {
    if (!rest.length) return value;
    const [head, ...tail] = rest;
    if (head.endsWith('[]')) return (value?.[head.slice(0, -2)] as unknown[]).map((entry) => walk(entry, tail));
    return walk(value?.[head], tail);
  };
  const found = walk(outputs[Number(step)], segments);
  if (found === undefined) throw new Error(`the recipe maps {{${reference}}}, which step ${step} does not give`);
  return found;
}

/** A field's value as Zapier fills it: one pill alone keeps its type (a list stays a list), otherwise text. */
function fill(value: string, outputs: Outputs): unknown {
  const whole = /^\{\{([^}]+)\}\}$/.exec(value);
  if (whole) return lookup(outputs, whole[1]);
  return value.replace(/\{\{([^}]+)\}\}/g, (_, reference: string) => String(lookup(outputs, reference) ?? ''));
}

interface InputField {
  key: string;
  label?: string;
  choices?: unknown;
  children?: Array<{ key: string; label?: string }>;
}

/** The keys of the fields the app shows for an action, by label; "Line Items → Amount" names a line-item field. */
function fieldKeys(inputFields: InputField[]) {
  const keys = new Map<string, string>();
  for (const field of inputFields) {
    keys.set(field.label ?? field.key, field.key);
    for (const child of field.children ?? []) keys.set(`${field.label} → ${child.label}`, `${field.key}.${child.key}`);
  }
  return keys;
}

/** What a field with a list sends for the choice a person picks by its label (a mapped value is sent as it is). */
function picked(inputFields: InputField[], key: string, value: unknown): unknown {
  const choices = inputFields.find((field) => field.key === key)?.choices;
  if (!Array.isArray(choices)) return value;
  return (choices as Array<{ value: string; label: string }>).find((choice) => choice.label === value)?.value ?? value;
}

/** The input Zapier sends an action: each labelled field under its key, line-item fields zipped into the group. */
function inputFor(fields: Array<[string, string]>, inputFields: InputField[], outputs: Outputs): Record<string, any> {
  const keys = fieldKeys(inputFields);
  const input: Record<string, any> = {};
  for (const [label, value] of fields) {
    const key = keys.get(label);
    if (!key) continue;
    const filled = picked(inputFields, key, fill(value, outputs));
    const [group, child] = key.split('.');
    if (!child) {
      input[key] = filled;
      continue;
    }
    const list = [filled].flat();
    input[group] ??= [];
    list.forEach((entry, index) => {
      input[group][index] = { ...input[group][index], [child]: entry };
    });
  }
  return input;
}

const authData = () => session.authData;
// The test's own look at the sandbox waits out its 25 requests a second, as the connectors do.
const sandboxSend = waitOutRateLimits(fetchSend, { sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
const api = async (build: (c: { apiKey: string; baseUrl: string }) => HttpRequest): Promise<any> => {
  const reply = await sandboxSend(build({ apiKey: session.sandbox.testKey, baseUrl: session.sandbox.baseUrl }));
  if (reply.status >= 300) throw new Error(`sandbox: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

let seen = 0;
/** Runs our trigger as Zapier does: subscribed to a hook, `happen` makes the event, the signed delivery goes to perform. */
async function triggerRecord(
  key: Exclude<keyof typeof App.triggers, 'invoice_overdue_days'>,
  happen: () => Promise<unknown>,
): Promise<Record<string, any>> {
  const trigger = App.triggers[key];
  const subscribeData = await appTester(trigger.operation.performSubscribe, {
    authData: authData(),
    targetUrl: session.receiver.url,
  });
  try {
    await happen();
    const deliveries = await session.receiver.waitFor(seen + 1);
    const delivery = deliveries[seen];
    seen = deliveries.length;
    const { rawRequest, cleanedRequest } = zapierHookRequest(delivery.headers, delivery.rawBody);
    const records = await appTester(trigger.operation.perform, {
      authData: authData(),
      subscribeData,
      rawRequest,
      cleanedRequest,
    });
    expect(records).toHaveLength(1);
    return records[0];
  } finally {
    await appTester(trigger.operation.performUnsubscribe, { authData: authData(), subscribeData });
  }
}

/** Filter by Zapier's text conditions: the Zap goes on only when every row holds. */
const CONDITIONS: Record<string, (left: string, right: string) => boolean> = {
  '(Text) Exactly matches': (left, right) => left === right,
  '(Text) Does not exactly match': (left, right) => left !== right,
};

/**
 * Runs the recipe's steps after its trigger, whose record is `first`, and returns every step's output.
 * An action of another app outputs its filled fields, by label. A Filter that does not pass ends the Zap:
 * `stoppedAt` is its step.
 */
async function runZap(steps: Step[], first: unknown): Promise<Outputs & { stoppedAt?: number }> {
  const outputs: Outputs & { stoppedAt?: number } = { 1: first };
  for (const step of steps.slice(1)) {
    const byLabel = Object.fromEntries(step.fields.map(([label, value]) => [label, value]));
    if (step.kind === 'filter') {
      const holds = step.rows.map(([field, condition, value]) => {
        if (!CONDITIONS[condition]) throw new Error(`step ${step.number}: no condition "${condition}" is run here`);
        return CONDITIONS[condition](String(fill(field, outputs)), String(fill(value, outputs)));
      });
      expect(holds.length).toBeGreaterThan(0);
      if (holds.every(Boolean)) continue;
      outputs.stoppedAt = step.number;
      return outputs;
    } else if (step.kind === 'search' || step.kind === 'search_or_create') {
      const search = App.searches[step.key as keyof typeof App.searches];
      const found: any[] = await appTester(search.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, search.operation.inputFields, outputs),
      });
      if (found.length || step.kind === 'search') {
        outputs[step.number] = found[0];
        continue;
      }
      const create = App.creates[App.searchOrCreates[step.key as 'find_client'].create as keyof typeof App.creates];
      outputs[step.number] = await appTester(create.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, create.operation.inputFields, outputs),
      });
    } else if (step.kind === 'create') {
      const create = App.creates[step.key as keyof typeof App.creates];
      outputs[step.number] = await appTester(create.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, create.operation.inputFields, outputs),
      });
    } else if (step.kind === 'formatter' && step.key === 'split') {
      // Split Text, "All (as Line-items)": the input cut at each separator.
      outputs[step.number] = { output: String(fill(byLabel.Input, outputs)).split(byLabel.Separator) };
    } else if (step.kind === 'formatter' && step.key === 'default') {
      // Default Value: the input, or the default when the input is empty.
      const input = fill(byLabel.Input, outputs);
      outputs[step.number] = {
        output: input === null || input === '' ? fill(byLabel['Default Value'], outputs) : input,
      };
    } else {
      outputs[step.number] = Object.fromEntries(step.fields.map(([label, value]) => [label, fill(value, outputs)]));
    }
  }
  return outputs;
}

test('every recipe says why it is a recipe, and every step of ours names a field the app shows', () => {
  for (const slug of [
    '01-order-to-whatsapp-invoice',
    '02-overdue-reminders',
    '03-upi-payment-ledger-and-thanks',
    '04-bulk-invoices-from-csv',
    '05-dispute-alert',
    '07-two-way-contact-sync',
    '08-invoice-pdf-by-email',
  ]) {
    const text = recipeText(slug);
    expect(text).toContain('Zapier lets only a public integration publish real Zap templates');
    for (const step of [...recipe(slug), ...zapsOf(slug).flatMap((zap) => recipe(slug, zap))]) {
      const definition =
        step.kind === 'create'
          ? App.creates[step.key as keyof typeof App.creates]
          : step.kind.startsWith('search')
            ? App.searches[step.key as keyof typeof App.searches]
            : undefined;
      if (!definition) continue;
      const inputFields: InputField[] = definition.operation.inputFields;
      const keys = fieldKeys(inputFields);
      if (step.kind === 'search_or_create')
        for (const [label, key] of fieldKeys(App.creates.create_client.operation.inputFields)) keys.set(label, key);
      expect({
        slug,
        step: step.number,
        unknown: step.fields.map(([label]) => label).filter((label) => !keys.has(label)),
      }).toEqual({ slug, step: step.number, unknown: [] });
      // A value typed into a field with a list is one of its labels (or a mapping).
      const unlisted = step.fields.filter(([label, value]) => {
        const choices = inputFields.find((field) => field.key === keys.get(label))?.choices;
        return Array.isArray(choices) && !value.includes('{{') && !choices.some((choice) => choice.label === value);
      });
      expect({ slug, step: step.number, unlisted }).toEqual({ slug, step: step.number, unlisted: [] });
    }
  }
});

test('1 · a paid order: one client, one invoice with its lines sent on WhatsApp; the order again bills nothing', async () => {
  const steps = recipe('01-order-to-whatsapp-invoice');
  expect(steps.map((step) => step.kind)).toEqual(['trigger', 'search_or_create', 'create']);
  const first = await runZap(steps, steps[0].sample);
  expect(first[3]).toMatchObject({
    client_email: 'priya.order@example.com',
    currency: 'INR',
    amount_due: 309900,
    whatsapp: { status: 'sent' },
    items: [
      { description: 'Kurta, indigo', amount: 300000 },
      { description: 'Shipping', amount: 9900 },
    ],
  });
  expect(first[2]).toMatchObject({ name: 'Priya Nair', phone: '+919845012345' });
  const again = await runZap(steps, steps[0].sample);
  expect(again[2].id).toBe(first[2].id);
  expect(again[3].id).toBe(first[3].id);
  expect(
    (await api((c) => operations.listInvoices.request(c, { client_email: 'priya.order@example.com' }))).data,
  ).toHaveLength(1);
});

test('3 · a UPI payment: the ledger row carries the UTR, the thank-you the amount and receipt', async () => {
  const steps = recipe('03-upi-payment-ledger-and-thanks');
  await api((c) => operations.createClient.request(c, { email: 'kabir.zap@example.com', name: 'Kabir Mehta' }));
  const invoice = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'kabir.zap@example.com',
      currency: 'INR',
      items: [{ description: 'Logo', amount: 1200000 }],
    }),
  );
  const paid = await triggerRecord('invoice_paid', () =>
    api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 500000 })),
  );
  const outputs = await runZap(steps, paid);
  expect(outputs[3]).toEqual({
    'Paid At': paid.paid_at,
    'Invoice Number': invoice.number,
    'Client Email': 'kabir.zap@example.com',
    Amount: '₹5,000.00',
    Currency: 'INR',
    Method: 'upi',
    UTR: expect.stringMatching(/^\d{12}$/),
    'Payer UPI ID': expect.stringContaining('@'),
    'Payment ID': paid.payment_id,
  });
  expect(outputs[4]).toEqual({
    To: 'kabir.zap@example.com',
    Subject: `Payment received for invoice ${invoice.number}`,
    Body: `Hi Kabir Mehta, thank you! We received ₹5,000.00 by UPI (UTR ${paid.upi_utr}) for invoice ${invoice.number}. Still due: ₹7,000.00. Receipt: ${invoice.hosted_url}`,
  });
});

test('4 · a sheet row: one client and one invoice with all its lines; a refused row says which field and why; the row again creates nothing', async () => {
  const steps = recipe('04-bulk-invoices-from-csv');
  const row = steps[0].sample as Record<string, string>;
  const outputs = await runZap(steps, row);
  expect(outputs[5]).toMatchObject({
    client_email: 'asha.bulk@example.com',
    amount_due: 1490000,
    items: [
      { description: 'Website design', amount: 1250000 },
      { description: 'Hosting (12 months)', amount: 240000 },
    ],
  });
  expect((await runZap(steps, row))[5].id).toBe(outputs[5].id);
  const refused = runZap(steps, {
    ...row,
    'Invoice Ref': 'B-4',
    'Client Email': 'meena.zap@example.com',
    Amounts: '1,000.00|one thousand',
  });
  await expect(refused).rejects.toThrow(
    /Item 2: amount .*\(you entered one thousand\); enter an amount such as 1500, 1500.00 or 1,500.00/,
  );
  expect(
    (await api((c) => operations.listInvoices.request(c, { client_email: 'meena.zap@example.com' }))).data,
  ).toEqual([]);
});

test('5 · a dispute: the Slack message names the invoice, the client and the reason', async () => {
  const steps = recipe('05-dispute-alert');
  await api((c) =>
    operations.createClient.request(c, {
      email: 'rohan.zap@example.com',
      name: 'Rohan Das',
      company: 'Das Traders',
      phone: '+919822334455',
    }),
  );
  const invoice = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'rohan.zap@example.com',
      currency: 'INR',
      items: [{ description: 'Audit', amount: 250000 }],
    }),
  );
  const disputed = await triggerRecord('invoice_disputed', () =>
    api((c) =>
      operations.simulateDispute.request(c, {
        invoice_id: invoice.id,
        reason: 'amount_incorrect',
        note: 'Agreed ₹2,000',
      }),
    ),
  );
  const outputs = await runZap(steps, disputed);
  expect(outputs[3]).toEqual({
    Channel: '#billing',
    'Message Text':
      `:warning: Invoice ${invoice.number} (₹2,500.00 due) was disputed by Rohan Das of Das Traders <rohan.zap@example.com, +919822334455>. ` +
      `Reason: amount_incorrect (Agreed ₹2,000). Invoice: ${invoice.hosted_url}`,
  });
});

test('7 · both ways: a CRM contact becomes one client (twice sent, still one); a change here reaches the CRM contact by its old e-mail', async () => {
  const zapA = recipe('07-two-way-contact-sync');
  const zapB = recipe('07-two-way-contact-sync', 'B');
  const first = await runZap(zapA, zapA[0].sample);
  expect(first[2]).toMatchObject({
    email: 'nisha.crm@example.com',
    name: 'Nisha Pillai',
    phone: '+919876543210',
    company: 'Pillai & Co',
  });
  expect((await runZap(zapA, zapA[0].sample))[2].id).toBe(first[2].id);
  const updated = await triggerRecord('client_updated', () =>
    api((c) =>
      operations.updateClient.request(c, {
        client_id: first[2].id,
        email: 'nisha@pillai.example',
        phone: '+919876500000',
      }),
    ),
  );
  const outputs = await runZap(zapB, updated);
  expect(outputs[3]).toEqual({
    'Contact (find by Email)': 'nisha.crm@example.com',
    Email: 'nisha@pillai.example',
    Name: 'Nisha Pillai',
    Phone: '+919876500000',
    Company: 'Pillai & Co',
    'Invoicing Client ID': first[2].id,
  });
});

test('6 · the digest recipe stays a placeholder while no search or scheduled trigger returns many invoices in one run', () => {
  const searches = Object.values(App.searches).map((search) => search.key);
  expect(searches).toEqual(['find_client', 'find_invoice', 'find_payment']);
  // Invoice Overdue by Days polls, but starts one Zap per invoice: no digest of many invoices in one run.
  expect(Object.keys(App.triggers).filter((key) => /schedule|digest/.test(key))).toEqual([]);
});

test('2 · overdue: one WhatsApp reminder, none if disputed; by e-mail if it fails; a bounce alerts', async () => {
  const [zapA, zapB, zapC] = ['A', 'B', 'C'].map((zap) => recipe('02-overdue-reminders', zap));
  for (const zap of [zapA, zapB]) expect(zap.map((step) => step.kind)).toEqual(['trigger', 'filter', 'create']);
  expect(zapC.map((step) => step.kind)).toEqual(['trigger', 'filter', 'action']);
  const overdueInvoice = async (email: string, phone: string, disputed = false) => {
    await api((c) => operations.createClient.request(c, { email, phone }));
    const invoice = await api((c) =>
      operations.createInvoice.request(c, {
        client_email: email,
        currency: 'INR',
        items: [{ description: 'Consulting', amount: 150000 }],
      }),
    );
    if (disputed) await api((c) => operations.simulateDispute.request(c, { invoice_id: invoice.id, reason: 'late' }));
    const overdue = await triggerRecord('invoice_overdue', () =>
      api((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 1 })),
    );
    return { invoice, overdue };
  };

  const meera = await overdueInvoice('meera.zap@example.com', '+919812345678');
  const reminded = await runZap(zapA, meera.overdue);
  expect(reminded.stoppedAt).toBeUndefined();
  expect(reminded[3]).toMatchObject({ channel: 'whatsapp', kind: 'reminder', status: 'sent', to: '+919812345678' });
  expect((await runZap(zapA, meera.overdue))[3].id).toBe(reminded[3].id);
  expect(meera.overdue.upi_link).toMatch(/^upi:\/\/pay\?.*am=1500\.00/);
  expect(
    (await runZap(zapA, (await overdueInvoice('dev.zap@example.com', '+919822334455', true)).overdue)).stoppedAt,
  ).toBe(2);

  const bounce = await overdueInvoice('bounce.zap@example.com', '+910000000001');
  const onWhatsApp = await triggerRecord('invoice_delivery_failed', () => runZap(zapA, bounce.overdue));
  expect(onWhatsApp).toMatchObject({
    delivery_channel: 'whatsapp',
    delivery_kind: 'reminder',
    failure_code: 'not_on_whatsapp',
  });
  expect((await runZap(zapC, onWhatsApp)).stoppedAt).toBe(2);
  let instead: Outputs = {};
  const byEmail = await triggerRecord('invoice_delivery_failed', async () => {
    instead = await runZap(zapB, onWhatsApp);
  });
  expect(instead[3]).toMatchObject({
    channel: 'email',
    kind: 'reminder',
    status: 'failed',
    to: 'bounce.zap@example.com',
  });
  expect(byEmail).toMatchObject({ delivery_channel: 'email', failure_code: 'email_bounced' });
  expect((await runZap(zapB, byEmail)).stoppedAt).toBe(2);
  expect((await runZap(zapC, byEmail))[3]).toEqual({
    Channel: '#billing',
    'Message Text':
      `:warning: The reminder for invoice ${bounce.invoice.number} (₹1,500.00 due) did not reach ` +
      `bounce.zap@example.com by e-mail: ${byEmail.failure_message} Invoice: ${bounce.invoice.hosted_url}`,
  });
});

test("8 · a new invoice: the e-mail's attachment is the PDF file Download Invoice PDF answers", async () => {
  const steps = recipe('08-invoice-pdf-by-email');
  expect(steps.map((step) => step.kind)).toEqual(['trigger', 'create', 'action']);
  await api((c) => operations.createClient.request(c, { email: 'anita.zap@example.com', name: 'Anita Menon' }));
  let invoice: any;
  const created = await triggerRecord('invoice_created', async () => {
    invoice = await api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'anita.zap@example.com',
        currency: 'INR',
        items: [{ description: 'Website design', amount: 1250000 }],
      }),
    );
  });
  const outputs = await runZap(steps, created);
  expect(outputs[2]).toMatchObject({ id: invoice.id, number: invoice.number, file_name: `${invoice.number}.pdf` });
  expect(outputs[3]).toEqual({
    To: 'anita.zap@example.com',
    Subject: `Invoice ${invoice.number}`,
    Body:
      `Hello, please find invoice ${invoice.number} attached: ₹12,500.00 to pay. ` +
      `You can also pay online: ${invoice.hosted_url} Thank you!`,
    'Reply To': 'billing@your-business.example',
    Attachment: outputs[2].file,
  });
  // What Zapier does with a mapped file: calls the hydrator the pointer names with the pointer's bundle, which
  // downloads the PDF and stashes it (z.stashFile needs Zapier's storage, so the download is checked here).
  const [, pointer] = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(outputs[3].Attachment)!;
  const { method, bundle } = JSON.parse(pointer);
  expect({ method, bundle }).toEqual({
    method: 'hydrators.hydrateInvoicePdf',
    bundle: { invoice_id: invoice.id, number: invoice.number },
  });
  const request = operations.downloadInvoicePdf.request(
    { apiKey: session.sandbox.testKey, baseUrl: session.sandbox.baseUrl },
    { invoice_id: bundle.invoice_id },
  );
  const reply = await fetch(request.url, { headers: request.headers });
  expect({
    status: reply.status,
    type: reply.headers.get('content-type'),
    body: reply.status === 200 ? '' : await reply.text(),
  }).toEqual({ status: 200, type: 'application/pdf', body: '' });
  expect(
    Buffer.from(await reply.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});

/**
 * The Zap recipes in templates/*\/zap-recipe.md, run step by step as written: each step's table is read from
 * the Markdown, its labels found among the fields the app shows, its `{{N.field}}` mappings filled from the
 * outputs of the steps before, and our steps run through zapier-platform-core's app tester against a sandbox
 * (our triggers from real signed deliveries). Steps of other apps (Slack, Gmail, Sheets, a CRM) are not
 * called: their fields are filled the same way and checked; Formatter's Split Text and Default Value are
 * done as Zapier documents them. A mapping to a field no step gives fails the recipe.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { createAppTester } from 'zapier-platform-core';
import { operations, type HttpRequest } from '../../shared';
import { fetchSend } from '../../sandbox';
import App from '../../zapier/src';
import { zapierHookRequest } from './hook-request';
import { sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);
const session = sandboxSession();
const TEMPLATES = path.resolve(__dirname, '../../templates');

interface Step {
  number: number;
  kind: string;
  key?: string;
  fields: Array<[string, string]>;
  sample?: unknown;
}

/** The steps of one Zap in a recipe (`zap` picks the Zap of a two-Zap recipe, by its `<!-- zap X -->` marker). */
function recipe(slug: string, zap?: string): Step[] {
  let text = readFileSync(path.join(TEMPLATES, slug, 'zap-recipe.md'), 'utf8');
  if (zap) text = text.slice(text.indexOf(`<!-- zap ${zap} -->`));
  else if (text.includes('<!-- zap ')) text = text.slice(0, text.indexOf('<!-- zap '));
  return text
    .split(/(?=<!-- step )/)
    .slice(1)
    .map((section) => {
      const [, number, kind, key] = /^<!-- step (\d+) (\S+)(?: (\S+))? -->/.exec(section)!;
      const fields = section
        .split('\n')
        .filter((line) => line.startsWith('| ') && !/^\| (Field|---)/.test(line))
        .map((line) => {
          const cells = line.slice(2, -2).split(/ (?<!\\)\| /);
          const value = cells[1].replace(/\\\|/g, '|');
          return [cells[0], /^`.*`$/.test(value) ? value.slice(1, -1) : value] as [string, string];
        });
      const json = /```json\n([\s\S]*?)```/.exec(section);
      return { number: Number(number), kind, key, fields, sample: json ? JSON.parse(json[1]) : undefined };
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

/** The keys of the fields the app shows for an action, by label; "Line Items → Amount" names a line-item field. */
function fieldKeys(
  inputFields: Array<{ key: string; label?: string; children?: Array<{ key: string; label?: string }> }>,
) {
  const keys = new Map<string, string>();
  for (const field of inputFields) {
    keys.set(field.label ?? field.key, field.key);
    for (const child of field.children ?? []) keys.set(`${field.label} → ${child.label}`, `${field.key}.${child.key}`);
  }
  return keys;
}

/** The input Zapier sends an action: each labelled field under its key, line-item fields zipped into the group. */
function inputFor(fields: Array<[string, string]>, keys: Map<string, string>, outputs: Outputs): Record<string, any> {
  const input: Record<string, any> = {};
  for (const [label, value] of fields) {
    const key = keys.get(label);
    if (!key) continue;
    const filled = fill(value, outputs);
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
const api = async (build: (c: { apiKey: string; baseUrl: string }) => HttpRequest): Promise<any> => {
  const reply = await fetchSend(build({ apiKey: session.sandbox.testKey, baseUrl: session.sandbox.baseUrl }));
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

/**
 * Runs the recipe's steps after its trigger, whose record is `first`, and returns every step's output.
 * An action of another app outputs its filled fields, by label.
 */
async function runZap(steps: Step[], first: unknown): Promise<Outputs> {
  const outputs: Outputs = { 1: first };
  for (const step of steps.slice(1)) {
    const byLabel = Object.fromEntries(step.fields.map(([label, value]) => [label, value]));
    if (step.kind === 'search' || step.kind === 'search_or_create') {
      const search = App.searches[step.key as keyof typeof App.searches];
      const found: any[] = await appTester(search.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, fieldKeys(search.operation.inputFields), outputs),
      });
      if (found.length || step.kind === 'search') {
        outputs[step.number] = found[0];
        continue;
      }
      const create = App.creates[App.searchOrCreates[step.key as 'find_client'].create as keyof typeof App.creates];
      outputs[step.number] = await appTester(create.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, fieldKeys(create.operation.inputFields), outputs),
      });
    } else if (step.kind === 'create') {
      const create = App.creates[step.key as keyof typeof App.creates];
      outputs[step.number] = await appTester(create.operation.perform as any, {
        authData: authData(),
        inputData: inputFor(step.fields, fieldKeys(create.operation.inputFields), outputs),
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
    '03-upi-payment-ledger-and-thanks',
    '04-bulk-invoices-from-csv',
    '05-dispute-alert',
    '07-two-way-contact-sync',
  ]) {
    const text = readFileSync(path.join(TEMPLATES, slug, 'zap-recipe.md'), 'utf8');
    expect(text).toContain('Zapier lets only a public integration publish real Zap templates');
    for (const step of [...recipe(slug), ...(text.includes('<!-- zap B') ? recipe(slug, 'B') : [])]) {
      const definition =
        step.kind === 'create'
          ? App.creates[step.key as keyof typeof App.creates]
          : step.kind.startsWith('search')
            ? App.searches[step.key as keyof typeof App.searches]
            : undefined;
      if (!definition) continue;
      const keys = fieldKeys(definition.operation.inputFields);
      if (step.kind === 'search_or_create')
        for (const [label, key] of fieldKeys(App.creates.create_client.operation.inputFields)) keys.set(label, key);
      expect({
        slug,
        step: step.number,
        unknown: step.fields.map(([label]) => label).filter((label) => !keys.has(label)),
      }).toEqual({ slug, step: step.number, unknown: [] });
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

test('6 · the digest recipe stays a placeholder only while the app has no search that returns many invoices', () => {
  const searches = Object.values(App.searches).map((search) => search.key);
  expect(searches).toEqual(['find_client', 'find_invoice', 'find_payment']);
  // Invoice Overdue by Days polls, but starts one Zap per invoice: no digest of many invoices in one run.
  expect(Object.keys(App.triggers).filter((key) => /schedule|digest/.test(key))).toEqual([]);
});

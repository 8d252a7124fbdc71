/**
 * Issue 41's GSTR-1 where users run it: Get GSTR-1 from a real n8n server (binary `data`) and from Zapier's built
 * zip (a dehydrated file, hydrated as Zapier does), template 9 (last month's GSTR-1 e-mailed to the accountant) run
 * as a user runs it with Run Now, and a bad period refused before any request on both. One sandbox account (a
 * supplier in Maharashtra, 27) with this month's documents, worked by hand:
 *   B2B to Karnataka: ₹10,000.00 at 18 % IGST = ₹1,800.00; B2C to Karnataka: ₹1,20,000.00 at 18 % IGST = ₹21,600.00
 *   (₹1,41,600.00, more than ₹1 lakh: b2cl); a credit note of ₹1,000.00 on the B2B one: ₹180.00 IGST back.
 *   Taxable 10,000.00 + 1,20,000.00 − 1,000.00 = ₹1,29,000.00; tax 1,800.00 + 21,600.00 − 180.00 = ₹23,220.00.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { IST, addDays, formatMinor, operations, todayIn } from '../../shared';
import type { Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import type { N8nServer } from './n8n-server';
import { sandboxApi, sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { parseMail, SmtpReceiver } from './smtp-receiver';
import { Counts } from './table';
import { CREDENTIAL, PACKAGE, failureWords, manualWorkflow, runManually } from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const ACTION = "Get This Month's GSTR-1";
const TEMPLATE = path.resolve(__dirname, '..', '..', 'templates', '09-monthly-gstr1-to-accountant', 'workflow.json');

const counts = new Counts();
const smtp = new SmtpReceiver();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('gstr1-zapier');
let zapier: BuiltZip | undefined;
let period: string;

/** Every API request the sandbox answered: a refusal before any request leaves this unchanged. */
let requests = 0;
const stopCounting = observeReplies(() => {
  requests += 1;
});

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);
const zap = (method: string, bundle: Record<string, unknown> = {}): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);
/** The service's own answer for a month, to compare each platform's file with byte for byte. */
const service = (month: string) => api((c) => operations.getGstr1.request(c, { period: month }));

beforeAll(async () => {
  live = await SingleN8n.start('gstr1');
  ({ sandbox, n8n, credential } = live);
  [zapier] = await Promise.all([startBuiltZip(zip, zapierWork.path), smtp.start()]);
  await api((c) => operations.createClient.request(c, { email: 'gstr1.b2b@example.com', gstin: '29AAGCB7383J1Z4' }));
  await api((c) => operations.createClient.request(c, { email: 'gstr1.b2c@example.com' }));
  const line = (description: string, amount: number, hsn_sac: string) => ({
    description,
    amount,
    hsn_sac,
    gst_rate: '18',
  });
  const b2b = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'gstr1.b2b@example.com',
      currency: 'INR',
      items: [line('Consulting', 1000000, '998311')],
    } as never),
  );
  await api((c) =>
    operations.createInvoice.request(c, {
      client_email: 'gstr1.b2c@example.com',
      currency: 'INR',
      place_of_supply: '29',
      items: [line('Sofa', 12000000, '9401')],
    } as never),
  );
  await api((c) =>
    operations.createCreditNote.request(c, {
      invoice_id: b2b.id,
      note_reason: 'post_sale_discount',
      taxable_amount: 100000,
    } as never),
  );
  period = todayIn(new Date(b2b.created_at), IST).slice(0, 7);
}, 300_000);

afterAll(async () => {
  stopCounting();
  await zapier?.close();
  await smtp.stop();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: GSTR-1`);
}, 120_000);

const SUMMARY = {
  b2b_invoices: 1,
  b2b_taxable_value: 1000000,
  b2cl_invoices: 1,
  b2cl_taxable_value: 12000000,
  cdnr_notes: 1,
  cdnr_taxable_value: -100000,
  taxable_value: 12900000,
  tax: 2322000,
  tax_formatted: '₹23,220.00',
};

describe('n8n: Invoice → Get GSTR-1', () => {
  const workflowFor = (month: string) =>
    manualWorkflow(`GSTR-1 for ${month}`, credential, {
      [ACTION]: { resource: 'invoice', operation: 'getGstr1', period: month },
    });

  test("the summary as JSON, the return as binary `data`: the service's file byte for byte", async () => {
    const workflow = await n8n.createWorkflow(workflowFor(period));
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, ACTION));
    const [item] = await n8n.executionItems(run.id, ACTION);
    const expected = await service(period);
    expect(item.json).toMatchObject({ ...SUMMARY, period, file_name: expected.file_name });
    expect(item.json).not.toHaveProperty('gstr1');
    expect(item.binary?.data).toEqual(
      expect.objectContaining({ fileName: expected.file_name, mimeType: 'application/json' }),
    );
    const bytes = await n8n.binaryBytes(item.binary!.data);
    const same = bytes.toString('utf8') === JSON.stringify(expected.gstr1);
    counts.record('n8n', "files equal to the service's return", 1, same ? 1 : 0);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(expected.gstr1);
    expect(same).toBe(true);
  });

  test('a period written 13-2026 fails the node naming Period and the form, before any request', async () => {
    const workflow = await n8n.createWorkflow(workflowFor('13-2026'));
    const before = requests;
    const run = await runManually(n8n, workflow.id);
    const words = await failureWords(n8n, run.id, ACTION);
    counts.record('n8n', 'requests for a malformed period', 0, requests - before);
    expect(run.status).toBe('error');
    expect(words).toContain('Period must be a month written YYYY-MM, e.g. 2026-10');
    expect(requests - before).toBe(0);
  });
});

describe("Zapier's built zip: Get GSTR-1", () => {
  test('a dehydrated file; its hydrator, called as Zapier does, stashes the return as JSON', async () => {
    const answer = await zap('creates.get_gstr1.operation.perform', { inputData: { period } });
    const expected = await service(period);
    expect(answer).toMatchObject({ ...SUMMARY, id: expected.id, file_name: expected.file_name });
    const pointer = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(answer.file);
    expect(pointer).not.toBeNull();
    const payload = JSON.parse(pointer![1]);
    expect(payload).toEqual({ type: 'file', method: 'hydrators.hydrateGstr1', bundle: { period } });
    const stashedBefore = zapier!.rpc.stashed().length;
    const url = await zap(payload.method, { inputData: payload.bundle });
    const stashed = zapier!.rpc.stashed().slice(stashedBefore);
    counts.record('zip', 'files stashed by one hydration', 1, stashed.length);
    expect(stashed).toHaveLength(1);
    expect(url).toBe(stashed[0].url);
    expect(stashed[0]).toEqual(
      expect.objectContaining({ fileName: expected.file_name, contentType: 'application/json' }),
    );
    expect(JSON.parse(stashed[0].bytes.toString('utf8'))).toEqual(expected.gstr1);
  });

  test('a month not yet begun is refused naming Period, before any request', async () => {
    const [year, month] = todayIn(addDaysFromNow(40), IST).split('-');
    const before = requests;
    const refused = await zap('creates.get_gstr1.operation.perform', {
      inputData: { period: `${year}-${month}` },
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    counts.record('zip', 'requests for a month not yet begun', 0, requests - before);
    expect(refused?.message).toContain(`Period must be a month that has begun: ${year}-${month}`);
    expect(requests - before).toBe(0);
  });
});

/** 40 days on: always a later month than this one. */
function addDaysFromNow(days: number): Date {
  return new Date(`${addDays(todayIn(new Date(), IST), days)}T12:00:00+05:30`);
}

test('template 9, Run Now: one e-mail to the accountant with the summary and the month’s file attached', async () => {
  const template = JSON.parse(readFileSync(TEMPLATE, 'utf8'));
  const mailServer = await n8n.createCredential('Mail server (GSTR-1)', 'smtp', {
    user: '',
    password: '',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    disableStartTls: true,
  } as unknown as Record<string, string>);
  for (const node of template.nodes) {
    if (node.type.startsWith(`${PACKAGE}.`)) node.credentials = { [CREDENTIAL]: credential };
    if (node.type === 'n8n-nodes-base.emailSend') node.credentials = { smtp: mailServer };
  }
  const workflow = await n8n.createWorkflow(template);
  // The month of the day before the run, in India: read on both sides of the run, so midnight cannot split them.
  const yesterdaysMonth = () => todayIn(new Date(Date.now() - 86_400_000), IST).slice(0, 7);
  const from = smtp.mails.length;
  const before = yesterdaysMonth();
  await n8n.cli(['execute', `--id=${workflow.id}`]);
  const after = yesterdaysMonth();
  const mails = smtp.mails.slice(from);
  counts.record('template 9', 'e-mails for one run', 1, mails.length);
  expect(mails).toHaveLength(1);
  expect(mails[0].to).toEqual(['accountant@your-ca-firm.example']);
  const { headers, parts } = parseMail(mails[0].raw);
  const asked = /^Subject: GSTR-1 for (\d{4}-\d{2}) /m.exec(headers)?.[1];
  expect([before, after]).toContain(asked);
  const expected = await service(asked!);
  const files = parts.filter((part) => part.fileName);
  expect(files.map((file) => file.fileName)).toEqual([expected.file_name]);
  expect(JSON.parse(files[0].content.toString('utf8'))).toEqual(expected.gstr1);
  const text = parts.find((part) => !part.fileName)!.content.toString('utf8');
  expect(text).toContain(`Total: taxable ${formatMinor(expected.summary.taxable_value, 'INR')}`);
  expect(text).toContain(`B2B: ${expected.summary.b2b_invoices} invoice(s)`);
  // On any day but the 1st, yesterday's month is this one, with the documents above.
  if (asked === period) expect(text).toContain('Total: taxable ₹1,29,000.00, tax ₹23,220.00');
});

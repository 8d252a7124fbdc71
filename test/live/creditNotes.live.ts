/**
 * Issue 40 where users run it: credit notes from a real n8n server (the Invoicing API node at type version 2)
 * and from Zapier's built zip called through its Lambda handler, against one sandbox whose account is a
 * supplier in Maharashtra (27); New Credit Note on the n8n trigger and as a Zapier REST hook, once per event and
 * never for a repeat. The invoice: three lines at 18 % to a client in Maharashtra (CGST + SGST), worked by hand:
 *   line 1: 3 × ₹1,234.57 = 370371 paise, CGST = SGST 33333; line 2: 99999, 9000 each; line 3: 2 × ₹450.25 = 90050,
 *   8105 each (8104.5 half-up). Credit 1.5 of line 1's units: 370371 − 185186 = 185185 taxable, 9 % = 16666.65 →
 *   16667 each head, 218519 in all. A lump sum of ₹1,000.05: 9 % = 9000.45 → 9000 each head, 118005 in all.
 * Each platform's Download Credit Note PDF is read back by Debian's pdftotext (poppler-utils), rule 53(1A)'s
 * particulars and the heads credited as worked above.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { operations } from '../../shared';
import { startReceiver, type Receiver, type Sandbox } from '../../sandbox';
import { observeReplies } from '../../sandbox/http/replyObservers';
import { zapierHookRequest } from '../zapier/hook-request';
import type { N8nServer } from './n8n-server';
import { eventually } from './processes';
import { activeSubscriptions, redeliver, sandboxApi, sandboxKey } from './sandbox';
import { SingleN8n, workFolder } from './single';
import { Counts } from './table';
import { TRIGGER, failureWords, manualWorkflow, runManually, settledExecutions, triggerWorkflow } from './workflows';
import { startBuiltZip, type BuiltZip } from './zapier-lambda';

const zip = process.env.LIVE_ZAPIER_ZIP;
if (!zip) throw new Error('Run the live suite with npm run test:live (it builds the Zapier zip first).');

const MAHARASHTRA = '27AAPFU0939F1ZV';
const DELIVERY_SECONDS = 30;
const QUIET_MS = 3000;
const NODE = 'Create Credit Note';
const PARTIAL = { amount: 185185, cgst: 16667, sgst: 16667, igst: 0, total: 218519 };
const LUMP_SUM = { line: null, amount: 100005, cgst: 9000, sgst: 9000, igst: 0, total: 118005 };

const counts = new Counts();
let live: SingleN8n;
let sandbox: Sandbox;
let n8n: N8nServer;
let credential: { id: string; name: string };
const zapierWork = workFolder('credit-notes-zapier');
let zapier: BuiltZip | undefined;
let receiver: Receiver;

/** Every API request the sandbox answered: a refusal before any request leaves this unchanged. */
let requests = 0;
const stopCounting = observeReplies(() => {
  requests += 1;
});

const api = (build: Parameters<typeof sandboxApi>[1]) => sandboxApi(sandbox, build);

/** Text of a PDF, by pdftotext -layout, as a reader would copy it out with its columns. */
function pdfText(bytes: Buffer, fileName: string): string {
  const file = path.join(zapierWork.path, fileName);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The particulars the partial note above prints: its title and invoice, line 1's row, each head credited. */
function partialNoteParticulars(text: string, note: { number: string; invoice_number: string }): string[] {
  const wanted: Array<[string, RegExp]> = [
    ['title', new RegExp(`Credit Note ${note.number}`)],
    ['invoice', new RegExp(`Against Tax Invoice ${note.invoice_number} dated \\d{4}-\\d{2}-\\d{2}`)],
    ['line 1', /1\. Kurta, cotton\s+1\.5 NOS\s+INR 1,234\.57\s+18 %\s+INR 1,851\.85\s+INR 166\.67\s+INR 166\.67/],
    ['CGST', /CGST credited: INR 166\.67/],
    ['SGST', /SGST credited: INR 166\.67/],
    ['total', /Total with Tax credited: INR 2,185\.19/],
    ['signatory', /Authorised signatory/],
  ];
  return wanted.filter(([, pattern]) => !pattern.test(text)).map(([name]) => name);
}
const zap = (method: string, bundle: Record<string, unknown> = {}): Promise<any> =>
  zapier!.execute({ baseUrl: sandbox.baseUrl, apiKey: sandboxKey(sandbox) }, method, bundle);

/** The three-line tax invoice above, for a new client in Maharashtra; as the service answers it. */
async function taxInvoice(email: string): Promise<any> {
  await api((c) => operations.createClient.request(c, { email, gstin: MAHARASHTRA }));
  return await api((c) =>
    operations.createInvoice.request(c, {
      client_email: email,
      currency: 'INR',
      items: [
        { description: 'Kurta, cotton', quantity: 3, unit: 'NOS', unit_price: 123457, gst_rate: '18' },
        { description: 'Stitching', amount: 99999, gst_rate: '18' },
        { description: 'Dupatta', quantity: 2, unit: 'NOS', unit_price: 45025, gst_rate: '18' },
      ],
    } as never),
  );
}

/** A credit note of all of the invoice's line 2 (its one unit), issued straight through the API. */
const creditLine2 = (invoiceId: string) =>
  api((c) =>
    operations.createCreditNote.request(c, {
      invoice_id: invoiceId,
      note_reason: 'sales_return',
      line: 2,
      quantity: 1,
    }),
  );

beforeAll(async () => {
  live = await SingleN8n.start('credit-notes');
  ({ sandbox, n8n, credential } = live);
  [zapier, receiver] = await Promise.all([startBuiltZip(zip, zapierWork.path), startReceiver()]);
}, 300_000);

afterAll(async () => {
  stopCounting();
  await zapier?.close();
  await receiver?.close();
  zapierWork.remove();
  await live?.stop(counts, `n8n ${live.n8n.install.version} and Zapier's zip: credit notes`);
}, 120_000);

describe('n8n: Credit Note → Create, and New Credit Note on the trigger', () => {
  const creditNoteWorkflow = (name: string, invoiceId: string, more: Record<string, unknown>) =>
    manualWorkflow(name, credential, {
      [NODE]: {
        resource: 'creditNote',
        operation: 'create',
        invoice_id: { __rl: true, mode: 'id', value: invoiceId },
        ...more,
      },
    });

  test('1.5 of line 1’s 3 units: each head reversed to the paisa', async () => {
    const invoice = await taxInvoice('kurta.return@example.com');
    const workflow = await n8n.createWorkflow(
      creditNoteWorkflow('Credit a returned kurta', invoice.id, {
        note_reason: 'sales_return',
        line: 1,
        quantity: '1.5',
      }),
    );
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, NODE));
    const [note] = (await n8n.executionOutput(run.id, NODE)) as any[];
    const matches = JSON.stringify(note.lines?.[0]).includes('"total":218519') ? 1 : 0;
    counts.record('n8n', 'credit notes with every figure as worked by hand', 1, matches);
    expect(note).toMatchObject({ object: 'credit_note', invoice_id: invoice.id, total_formatted: '₹2,185.19' });
    expect(note.lines).toEqual([expect.objectContaining({ line: 1, quantity: 1.5, ...PARTIAL })]);

    const pdfNode = 'Download Credit Note PDF';
    const download = await n8n.createWorkflow(
      manualWorkflow('Download the credit note PDF', credential, {
        [pdfNode]: {
          resource: 'creditNote',
          operation: 'downloadPdf',
          credit_note_id: { __rl: true, mode: 'id', value: note.id },
        },
      }),
    );
    const pdfRun = await runManually(n8n, download.id);
    if (pdfRun.status !== 'success') throw new Error(await failureWords(n8n, pdfRun.id, pdfNode));
    const [item] = await n8n.executionItems(pdfRun.id, pdfNode);
    expect(item.json).toEqual(expect.objectContaining({ id: note.id, file_name: `${note.number}.pdf` }));
    expect(item.binary?.data).toEqual(
      expect.objectContaining({ fileName: `${note.number}.pdf`, mimeType: 'application/pdf' }),
    );
    const missing = partialNoteParticulars(
      pdfText(await n8n.binaryBytes(item.binary!.data), `n8n-${note.number}.pdf`),
      note,
    );
    counts.record('n8n', 'credit note PDFs with every particular as worked by hand', 1, missing.length ? 0 : 1);
    expect(missing).toEqual([]);
  });

  test('a reason not in the list fails the node naming Reason and the list, before any request', async () => {
    const invoice = await taxInvoice('kurta.typo@example.com');
    const before = requests;
    const workflow = await n8n.createWorkflow(
      creditNoteWorkflow('Credit with a reason typed wrong', invoice.id, {
        note_reason: 'refund',
        line: 1,
        quantity: '1',
      }),
    );
    const run = await runManually(n8n, workflow.id);
    const words = await failureWords(n8n, run.id, NODE);
    const sent = requests - before;
    counts.record('n8n', 'requests reaching the sandbox for a reason not in the list', 0, sent);
    expect(run.status).toBe('error');
    expect(words).toContain('Reason must be one of sales_return, post_sale_discount');
    expect(sent).toBe(0);
  });

  test('New Credit Note starts one execution per note, and none for the service’s redelivery', async () => {
    const workflow = triggerWorkflow('On a new credit note', credential, ['credit_note.created'], 2);
    const workflowId = (await n8n.createWorkflow(workflow)).id;
    await n8n.activate(workflowId);
    await eventually('the subscription', 30, async () => (activeSubscriptions(sandbox).length ? true : undefined));
    const invoice = await taxInvoice('kurta.trigger@example.com');
    // All of line 2: 999.99 + 90.00 + 90.00 = ₹1,179.99 credited.
    const issued = await creditLine2(invoice.id);
    const executions = await settledExecutions(n8n, workflowId, sandbox, 1, {
      seconds: DELIVERY_SECONDS,
      quietMs: QUIET_MS,
    });
    counts.record('n8n trigger', 'executions for credit_note.created', 1, executions);
    const [newest] = await n8n.executions(workflowId);
    const [record] = (await n8n.executionOutput(newest.id, TRIGGER)) as any[];
    expect(record).toMatchObject({
      event_type: 'credit_note.created',
      note_id: issued.id,
      note_number: issued.number,
      invoice_id: invoice.id,
      amount_credited: 117999,
    });
    await redeliver(sandbox, String(record.event_id));
    const after = await settledExecutions(n8n, workflowId, sandbox, executions, {
      seconds: DELIVERY_SECONDS,
      quietMs: QUIET_MS,
    });
    counts.record('n8n trigger', 'executions for a redelivery', 0, after - executions);
    expect(executions).toBe(1);
    expect(after).toBe(1);
    await n8n.deactivate(workflowId);
  });
});

describe("Zapier's built zip: Create Credit Note, and New Credit Note as a REST hook", () => {
  test('a lump sum typed "1,000.05": 9 % of it 90.00 each head', async () => {
    const invoice = await taxInvoice('zap.kurta@example.com');
    const note = await zap('creates.create_credit_note.operation.perform', {
      inputData: { invoice_id: invoice.id, note_reason: 'post_sale_discount', taxable_amount: '1,000.05' },
    });
    counts.record('zip', 'lump-sum credit notes as worked by hand', 1, note?.total === 118005 ? 1 : 0);
    expect(note.lines).toEqual([expect.objectContaining(LUMP_SUM)]);
    expect(note).toMatchObject({ total_formatted: '₹1,180.05', invoice_number: invoice.number });
  });

  test('Download Credit Note PDF: a dehydrated file; its hydrator, called as Zapier does, stashes the note PDF', async () => {
    const invoice = await taxInvoice('zap.kurta.pdf@example.com');
    const note = await api((c) =>
      operations.createCreditNote.request(c, {
        invoice_id: invoice.id,
        note_reason: 'sales_return',
        line: 1,
        quantity: 1.5,
      }),
    );
    const answer = await zap('creates.download_credit_note_pdf.operation.perform', {
      inputData: { credit_note_id: note.id },
    });
    expect(answer).toEqual(
      expect.objectContaining({ id: note.id, file_name: `${note.number}.pdf`, total_formatted: '₹2,185.19' }),
    );
    const payload = JSON.parse(/^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(answer.file)![1]);
    expect(payload).toEqual({
      type: 'file',
      method: 'hydrators.hydrateInvoicePdf',
      bundle: { kind: 'credit_note', credit_note_id: note.id, number: note.number },
    });
    const stashedBefore = zapier!.rpc.stashed().length;
    await zap(payload.method, { inputData: payload.bundle });
    const stashed = zapier!.rpc.stashed().slice(stashedBefore);
    expect(stashed).toHaveLength(1);
    expect(stashed[0]).toEqual(
      expect.objectContaining({ fileName: `${note.number}.pdf`, contentType: 'application/pdf' }),
    );
    const missing = partialNoteParticulars(pdfText(stashed[0].bytes, `zap-${note.number}.pdf`), note);
    counts.record('zip', 'stashed credit note PDFs with every particular as worked by hand', 1, missing.length ? 0 : 1);
    expect(missing).toEqual([]);
  });

  test('a credit past what remains is refused in its words', async () => {
    const invoice = await taxInvoice('zap.kurta.over@example.com');
    const refused = await zap('creates.create_credit_note.operation.perform', {
      inputData: { invoice_id: invoice.id, note_reason: 'correction', line: 2, taxable_amount: '1,000.00' },
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.message).toContain('Taxable Amount must be at most ₹999.99');
  });

  test('New Credit Note: one Zap per note, none for a repeat', async () => {
    const targetUrl = `${receiver.url}/credit_note_created`;
    const subscription = await zap('triggers.credit_note_created.operation.performSubscribe', { targetUrl });
    const invoice = await taxInvoice('zap.kurta.hook@example.com');
    const already = receiver.requests.length;
    const note = await zap('creates.create_credit_note.operation.perform', {
      inputData: { invoice_id: invoice.id, note_reason: 'sales_return' },
    });
    await eventually('the delivery', DELIVERY_SECONDS, async () =>
      receiver.requests.length > already ? true : undefined,
    );
    await sandbox.settled();
    const delivery = receiver.requests.slice(already).find((d) => d.path === '/hooks/credit_note_created')!;
    const bundle = { subscribeData: subscription, ...zapierHookRequest(delivery.headers, delivery.rawBody) };
    const started = await zap('triggers.credit_note_created.operation.perform', bundle);
    const repeated = await zap('triggers.credit_note_created.operation.perform', bundle);
    counts.record('zip', 'Zap runs for credit_note.created', 1, started.length);
    counts.record('zip', 'Zap runs for a repeat', 0, repeated.length);
    expect(started).toEqual([
      expect.objectContaining({ event_type: 'credit_note.created', note_id: note.id, note_total: 661296 }),
    ]);
    expect(repeated).toEqual([]);
    await zap('triggers.credit_note_created.operation.performUnsubscribe', { subscribeData: subscription });
  });
});

describe('Finding notes: n8n Get Many (both lines) and Find Credit Note / Find Debit Note in the zip', () => {
  /** A credit note (all of line 2) and a debit note (a lump sum of ₹100.00) on a fresh tax invoice. */
  async function notedInvoice(email: string) {
    const invoice = await taxInvoice(email);
    const credit = await creditLine2(invoice.id);
    const debit = await api((c) =>
      operations.createDebitNote.request(c, {
        invoice_id: invoice.id,
        note_reason: 'correction',
        taxable_amount: 10000,
      }),
    );
    return { invoice, credit, debit };
  }

  test('n8n: a credit note by its number typed in lower case, a debit note by its invoice, none for an unknown number', async () => {
    const { invoice, credit, debit } = await notedInvoice('find.notes.n8n@example.com');
    const steps = {
      'Credit Note by Number': {
        resource: 'creditNote',
        operation: 'getAll',
        filters: { number: credit.number.toLowerCase() },
      },
      'Debit Notes of the Invoice': {
        resource: 'debitNote',
        operation: 'getAll',
        invoice_id: { __rl: true, mode: 'id', value: invoice.id },
      },
      'Credit Note Never Issued': { resource: 'creditNote', operation: 'getAll', filters: { number: 'CN-999999' } },
    };
    const workflow = await n8n.createWorkflow(manualWorkflow('Find notes', credential, steps));
    const run = await runManually(n8n, workflow.id);
    if (run.status !== 'success') throw new Error(await failureWords(n8n, run.id, 'Credit Note by Number'));
    const ids = async (node: string) => (await n8n.executionOutput(run.id, node)).map((note) => note.id);
    const [byNumber, byInvoice, none] = await Promise.all(Object.keys(steps).map(ids));
    counts.record('n8n', 'notes found by number and by invoice', 2, [...byNumber, ...byInvoice].length);
    counts.record('n8n', 'items for a note number never issued', 0, none.length);
    expect(byNumber).toEqual([credit.id]);
    expect(byInvoice).toEqual([debit.id]);
    expect(none).toEqual([]);
  });

  test('zip: Find Credit Note by its number, Find Debit Note by its invoice; an unknown number is "not found"', async () => {
    const { invoice, credit, debit } = await notedInvoice('find.notes.zap@example.com');
    const find = (key: string, inputData: Record<string, unknown>) =>
      zap(`searches.${key}.operation.perform`, { inputData }) as Promise<any[]>;
    const byNumber = await find('find_credit_note', { number: ` ${credit.number.toLowerCase()} ` });
    const byInvoice = await find('find_debit_note', { invoice_id: invoice.id });
    const none = await find('find_credit_note', { number: 'CN-999999' });
    counts.record('zip', 'notes found by number and by invoice', 2, byNumber.length + byInvoice.length);
    counts.record('zip', 'results for a note number never issued', 0, none.length);
    expect(byNumber).toEqual([expect.objectContaining({ id: credit.id, number: credit.number })]);
    expect(byInvoice).toEqual([expect.objectContaining({ id: debit.id, invoice_number: invoice.number })]);
    expect(none).toEqual([]);
  });
});

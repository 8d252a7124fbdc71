/**
 * Suite 1's n8n half: the built package in n8n-core, one workflow execution of 10,000 items per
 * operation, Continue On Fail on, so each refused item comes back as an error item in its place.
 * It runs in a worker thread (n8n-inputs.worker.ts) beside the Zapier half, on the machine's other core.
 */
import { setGlobalState, type IDataObject } from 'n8n-workflow';

import { buildPackage, loadPackage, runNode } from '../../n8n/harness';
import { inputCases, type OperationKey } from './cases';
import { API_KEY, BASE_URL, fakeService, judge, tally, type Tally } from './inputs';
import { SecretScanner, type ScanSummary } from './secrets';

/** Every client field read from the item, as a workflow author maps them one by one. */
function clientForm(): IDataObject {
  const keys = [
    'name',
    'phone',
    'company',
    'tax_id',
    'place_of_supply',
    'line1',
    'line2',
    'city',
    'state',
    'postal_code',
    'country',
  ];
  return Object.fromEntries(keys.map((key) => [key, `={{ $json.${key} }}`]));
}

/** The creates whose node makes an idempotency key when none is given. */
const DERIVES_A_KEY = new Set<OperationKey>([
  'createInvoice',
  'recordPayment',
  'createProduct',
  'createCreditNote',
  'createDebitNote',
  'recordRefund',
]);

/** A picker given by ID, mapped from the item. */
const byId = (key: string) => ({ __rl: true, mode: 'id', value: `={{ $json.${key} }}` });
/** A credit or debit note's fields, each mapped from the item; the taxable amount as typed (main units). */
const noteParameters = (resource: string): IDataObject => ({
  resource,
  operation: 'create',
  invoice_id: byId('invoice_id'),
  note_reason: '={{ $json.note_reason }}',
  line: '={{ $json.line }}',
  quantity: '={{ $json.quantity }}',
  taxable_amount: '={{ $json.taxable_amount }}',
  note: '={{ $json.note }}',
  options: { concurrency: 1, idempotency_key: '={{ $json.idempotency_key }}' },
});

// One request at a time (Max Concurrent Requests = 1), so requests arrive in item order.
export const N8N_PARAMETERS: Record<OperationKey, IDataObject> = {
  createInvoice: {
    resource: 'invoice',
    operation: 'create',
    client_email: '={{ $json.client_email }}',
    currency: '={{ $json.currency }}',
    itemsInput: 'json',
    itemsJson: '={{ $json.items }}',
    auto_send_whatsapp: '={{ $json.auto_send_whatsapp }}',
    amount_unit: 'minor',
    gst: { place_of_supply: '={{ $json.place_of_supply }}' },
    options: { concurrency: 1, idempotency_key: '={{ $json.idempotency_key }}' },
  },
  createClient: {
    resource: 'client',
    operation: 'create',
    email: '={{ $json.email }}',
    additionalFields: clientForm(),
    options: { concurrency: 1 },
  },
  updateClient: {
    resource: 'client',
    operation: 'update',
    client_id: '={{ $json.client_id }}',
    updateFields: { email: '={{ $json.email }}', ...clientForm() },
    options: { concurrency: 1 },
  },
  recordPayment: {
    resource: 'payment',
    operation: 'record',
    invoice_id: '={{ $json.invoice_id }}',
    method: '={{ $json.method }}',
    amount: '={{ $json.amount }}',
    utr: '={{ $json.utr }}',
    vpa: '={{ $json.vpa }}',
    additionalFields: {
      reference: '={{ $json.reference }}',
      paid_at: '={{ $json.paid_at }}',
      note: '={{ $json.note }}',
      amount_unit: 'minor',
    },
    options: { concurrency: 1, idempotency_key: '={{ $json.idempotency_key }}' },
  },
  createProduct: {
    resource: 'product',
    operation: 'create',
    name: '={{ $json.name }}',
    sku: '={{ $json.sku }}',
    product_type: '={{ $json.product_type }}',
    unit_price: '={{ $json.unit_price }}',
    currency: '={{ $json.currency }}',
    additionalFields: {
      hsn_sac: '={{ $json.hsn_sac }}',
      gst_rate: '={{ $json.gst_rate }}',
      unit: '={{ $json.unit }}',
      description: '={{ $json.description }}',
    },
    amount_unit: 'minor',
    options: { concurrency: 1, idempotency_key: '={{ $json.idempotency_key }}' },
  },
  createCreditNote: noteParameters('creditNote'),
  createDebitNote: noteParameters('debitNote'),
  recordRefund: {
    resource: 'refund',
    operation: 'record',
    payment_id: byId('payment_id'),
    amount: '={{ $json.amount }}',
    method: '={{ $json.method }}',
    utr: '={{ $json.utr }}',
    reference: '={{ $json.reference }}',
    refunded_at: '={{ $json.refunded_at }}',
    note: '={{ $json.note }}',
    options: { concurrency: 1, idempotency_key: '={{ $json.idempotency_key }}' },
  },
};

export interface N8nInputsResult {
  tallies: Record<OperationKey, Tally & { ms: number; orderKept: boolean; executionError?: string }>;
  scan: ScanSummary;
}

export async function runN8nInputs(seed: number): Promise<N8nInputsResult> {
  // An instance with GENERIC_TIMEZONE=UTC: luxon then skips zone arithmetic in each of 110,000 expressions.
  setGlobalState({ defaultTimezone: 'UTC' });
  const scanner = new SecretScanner();
  scanner.secret(API_KEY, 'API key');
  const restoreOutput = scanner.captureOutput();
  const service = fakeService();
  const built = buildPackage();
  const tallies = {} as N8nInputsResult['tallies'];
  try {
    const pkg = await loadPackage(built.dir);
    for (const key of Object.keys(N8N_PARAMETERS) as OperationKey[]) {
      const cases = inputCases(key, seed);
      service.sent.length = 0;
      // Items run one at a time in order, so the fake service answers each read in the cases' order.
      service.reads.splice(
        0,
        service.reads.length,
        ...cases.flatMap((c) => (c.expected.read ? [c.expected.read] : [])),
      );
      const started = Date.now();
      const run = await runNode(pkg, {
        node: 'invoicingApi',
        parameters: N8N_PARAMETERS[key],
        input: cases.map((c) => c.n8n as IDataObject),
        credentials: { invoicingApi: { apiKey: API_KEY, baseUrl: BASE_URL } },
        settings: { onError: 'continueRegularOutput' },
      });
      const ms = Date.now() - started;
      const requests = service.sent;
      const derivedKeys = new Set<string>();
      const t = tally();
      let next = 0;
      for (const [index, c] of cases.entries()) {
        const json = (run.items[index]?.json ?? {}) as { id?: string; error?: string };
        scanner.record('n8n output item', json);
        const count = (c.expected.valid ? 1 : 0) + (c.expected.read ? 1 : 0);
        const mine = requests.slice(next, next + count);
        next += mine.length;
        judge(
          t,
          index,
          c,
          mine,
          typeof json.error === 'string' ? { ok: false, message: json.error } : { ok: true, id: json.id },
          (header, wanted) => {
            if (wanted !== undefined || !DERIVES_A_KEY.has(key)) return header === wanted;
            // No key given: the node derives one from the n8n instance, the execution, the node, its run and the item,
            // so each is new.
            const fresh =
              header !== undefined && /^auto_[^:]+:[^:]+:[^:]+:\d+:\d+$/.test(header) && !derivedKeys.has(header);
            if (header) derivedKeys.add(header);
            return fresh;
          },
        );
      }
      // Requests beyond those the valid items account for were sent for invalid ones.
      t.sentForInvalid += requests.length - next;
      const executionError = run.run.data.resultData.error;
      scanner.record('n8n execution error', executionError ?? null);
      tallies[key] = {
        ...t,
        ms,
        executionError: executionError?.message,
        orderKept:
          run.items.length === cases.length &&
          run.items.every((item, index) => (item.pairedItem as { item: number }).item === index),
      };
    }
  } finally {
    service.stop();
    built.cleanup();
    restoreOutput();
  }
  return { tallies, scan: scanner.summary() };
}

/**
 * What Zapier's Zap History would show, made here: every create and search of the built definition run through
 * the zip's handler against a sandbox, with inputs found by key (the conformance run's values, or the object
 * the run made for an `<noun>_id` or a search key), and every REST hook trigger's performList once events
 * exist. An action whose required input has no value here is returned as not judged, with the key named.
 */
import { VALUES, type ValueContext } from '../../contract/conformance/inputs';
import type { BuiltApp } from './builtApp';
import { flatten, itemsOf } from './reviewChecks';

type Thing = Record<string, any>;

export interface LiveAnswer {
  where: string;
  operation: Thing;
  records: unknown[];
  polling: boolean;
}

export interface LiveRun {
  answers: LiveAnswer[];
  notJudged: string[];
  failures: string[];
  connectionLabel?: string;
}

/** A client and invoice lines with every optional part filled, as the samples show them (T004 compares keys). */
const FULL_CLIENT = {
  name: 'Review Client',
  phone: '+919812345678',
  company: 'Review Client Pvt Ltd',
  tax_id: '29AAPFU0939F1ZR',
  gstin: '29AAPFU0939F1ZR',
  place_of_supply: '29',
  line1: '12 MG Road',
  line2: 'Floor 3',
  city: 'Bengaluru',
  state: 'Karnataka',
  postal_code: '560001',
  country: 'IN',
};

/** Values by input key, before the conformance run's: what a maintainer's test Zap fills in (docs/zapier-checks.md). */
function fullValue(key: string, next: () => number): unknown {
  const line = {
    description: `Review ${next()}`,
    quantity: '2',
    unit: 'month',
    unit_price: '750.00',
    hsn_sac: '998314',
    gst_rate: '18',
  };
  const values: Record<string, unknown> = {
    ...FULL_CLIENT,
    email: `review-${next()}@example.com`,
    items: [line],
    currency: 'INR',
    auto_send_whatsapp: true,
    // A UPI payment, as the sample shows one; a bank transfer answers `upi: null` (contract: "Payments").
    method: 'upi',
    utr: String(412345000000 + next()),
    vpa: 'ana.sharma@okaxis',
    reference: `REVIEW-${next()}`,
    note: 'Paid in full',
    // Typed as a person types it (Zapier's amounts are in the currency): a note's taxable value of ₹100.00 fits
    // every invoice the run makes (₹1,500.00 before GST); the conformance value is in paise, for the wire.
    taxable_amount: '100.00',
  };
  return values[key];
}

export async function runLive(app: BuiltApp, baseUrl: string, apiKey: string): Promise<LiveRun> {
  const authData = { api_key: apiKey };
  const run: LiveRun = { answers: [], notJudged: [], failures: [] };
  let counter = 0;
  const ctx: ValueContext = { tag: 'review', next: () => ++counter, receiverUrl: 'https://example.com' };
  const call = async (method: string, inputData: Thing) => {
    const output = await app.invoke(method, { authData, inputData }, baseUrl);
    if (output.error) throw new Error(`${method}: ${output.error.message}`);
    return output.results;
  };

  // The account e-invoices (a sandbox setting), so a tax invoice to FULL_CLIENT (a GSTIN, an address) gets an IRN
  // that Cancel E-Invoice can cancel, and Validate answers its document, as a reviewer's test account would.
  const settings = await fetch(`${baseUrl}/v1/test_helpers/account`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } }),
  });
  if (settings.status !== 200) throw new Error(`turning e-invoicing on answered ${settings.status}`);
  const client = await call('creates.create_client.operation.perform', {
    ...FULL_CLIENT,
    email: `review-${Date.now()}@example.com`,
  });
  // A tax invoice, as the samples show one: each action about an invoice gets a fresh one.
  const freshInvoice = () =>
    call('creates.create_invoice.operation.perform', {
      client_email: world.client.email,
      currency: 'INR',
      items: fullValue('items', ctx.next),
      auto_send_whatsapp: true,
    });
  const b2cInvoice = () =>
    call('creates.create_invoice.operation.perform', {
      client_email: `review-b2c-${ctx.next()}@example.com`,
      currency: 'INR',
      items: fullValue('items', ctx.next),
      auto_send_whatsapp: false,
    });
  const world: Record<string, Thing> = { client };
  world.invoice = await freshInvoice();

  const label = await app.invoke('authentication.connectionLabel', { authData, inputData: {} }, baseUrl);
  run.connectionLabel = typeof label.results === 'string' ? label.results : JSON.stringify(label);

  const actions = itemsOf(app.definition).filter(({ kind }) => kind !== 'triggers');
  // Creates first, so the searches find what they made (a payment to find by its reference).
  actions.sort((a, b) => Number(a.kind === 'searches') - Number(b.kind === 'searches'));
  for (const { where, kind, item } of actions) {
    const fields: Thing[] = (item.operation.inputFields ?? []).filter((field: unknown) => typeof field === 'object');
    // Validate E-Invoice's sample is the answer for an invoice the IRP would refuse (problems listed, no document):
    // one to a client without a GSTIN, as a test Zap's first try often is. A B2B invoice answers its document.
    const target: Thing = where.includes('validate_e_invoice')
      ? await b2cInvoice()
      : fields.some((field) => field.key === 'invoice_id')
        ? await freshInvoice()
        : world.invoice;
    const valueOf = (key: string): unknown => {
      const noun = /^(\w+)_id$/.exec(key)?.[1];
      if (noun === 'invoice') return target.id;
      if (noun && world[noun]) return world[noun].id;
      if (kind === 'searches') {
        // A search key may sit inside the object found (`utr` in a payment's `upi`); the search's own noun is
        // asked first (Find Refund's UTR is the refund's; Find Credit Note's `number` a credit note's, not the
        // invoice's).
        const own = world[where.replace(/^searches\.find_/, '')];
        for (const flat of [own, ...Object.values(world)].filter(Boolean).map((thing) => flatten(thing))) {
          const at = [...flat.keys()].find((path) => path === key || path.endsWith(`__${key}`));
          if (at && flat.get(at) != null) return flat.get(at);
        }
        return undefined;
      }
      if (key === 'amount') return (target.amount_remaining / 100).toFixed(2);
      if (key === 'client_email') return world.client.email;
      return fullValue(key, ctx.next) ?? VALUES[key]?.({ ...ctx, target });
    };
    // Each value asked once: the conformance run's values change from one call to the next.
    const values = new Map(fields.map((field) => [field.key, valueOf(field.key)]));
    // A create gets every field the run has a value for, so its answer shows what its sample shows.
    const wanted = fields.filter((field) => field.required || (kind === 'creates' && values.get(field.key) != null));
    // A search with no required field is run by the first of its fields the run can fill.
    if (kind === 'searches' && !wanted.length) {
      const first = fields.find((field) => values.get(field.key) !== undefined);
      if (first) wanted.push(first);
    }
    const inputData: Thing = {};
    const missing: string[] = [];
    for (const field of wanted) {
      const value = values.get(field.key);
      if (value === undefined) missing.push(field.key);
      else inputData[field.key] = value;
    }
    if (missing.length || !wanted.length) {
      run.notJudged.push(`${where}: no value for ${missing.join(', ') || 'any search field'}`);
      continue;
    }
    try {
      const result = await call(`${where}.operation.perform`, inputData);
      const records = Array.isArray(result) ? result : [result];
      if (!records.length) run.notJudged.push(`${where}: the search found nothing`);
      else run.answers.push({ where, operation: item.operation, records, polling: false });
      // An update's answer replaces what the run holds (Update Client moves the e-mail a search looks for); the
      // first of its kind is held, so a later Get, Update or Download has its id (a credit note, a product).
      for (const record of records as Thing[]) {
        const held = world[record?.object];
        if (typeof record?.object === 'string' && (held === undefined || held.id === record.id))
          world[record.object] = record;
      }
      if (where === 'creates.record_payment') world.payment = records[0] as Thing;
    } catch (error) {
      run.failures.push((error as Error).message);
    }
  }

  for (const [key, trigger] of Object.entries<Thing>(app.definition.triggers ?? {})) {
    const where = `triggers.${key}`;
    const { operation } = trigger;
    if (operation.type !== 'hook') {
      run.notJudged.push(`${where}: a polling trigger, judged by its perform only on a day an invoice is overdue`);
      continue;
    }
    try {
      const records: unknown[] = await call(`${where}.operation.performList`, {});
      // performList falls back to the static sample when the account has no such event yet.
      const real = records.filter((record) => JSON.stringify(record) !== JSON.stringify(operation.sample));
      if (real.length) run.answers.push({ where, operation, records: real, polling: false });
      else run.notJudged.push(`${where}: no event of its type in this run`);
    } catch (error) {
      run.failures.push((error as Error).message);
    }
  }
  return run;
}

/**
 * The document and the sandbox agree on every request (docs/api-contract.md, "What the wire reads"): requests
 * made from docs/openapi.json's own examples, each field then replaced by values of every JSON type and the
 * forms the editors are lenient with (blanks, null, numbers as text, spaces around, impossible dates), plus the
 * cross-field cases, are sent to a sandbox started here. The verdict expected is the document's: its schema
 * (ajv), and each `x-rule` it names, judged here by the rule's own definition (a table below; a rule the table
 * does not know fails the test). Seeded, so the same requests every run.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gstinCheckCharacter, operations as registry, type Operation } from '../../shared';
import { startTestSandbox, type TestClient } from '../sandbox/support';

type Schema = Record<string, any>;
const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: false, multipleOfPrecision: 9 });
addFormats(ajv);

/** mulberry32: a small seeded generator, so the sampled values are the same every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(43);

interface World {
  ids: Record<string, string>;
  today: string;
  port: number;
}

/** Each `x-rule` the document names, judged from its definition in the contract. */
const RULES: Record<string, (value: any, request: Probe, world: World) => boolean> = {
  'gstin-check-character': (value) =>
    typeof value !== 'string' || value.length !== 15 || gstinCheckCharacter(value.slice(0, 14)) === value[14],
  // The probe's cursors: an id of an item of this very list (made below), or any other id.
  'id-in-list': (value, request, world) => world.ids[request.path.split('/')[2].replace(/s$/, '')] === value,
  'not-in-future': (value) => Date.parse(value) <= Date.now() + 5 * 60_000,
  'not-before-today': (value, _request, world) => value >= world.today,
  'gst-month': (value, _request, world) => value >= '2017-07' && value <= world.today.slice(0, 7),
  'later-than-paid-from': (value, request) =>
    request.query?.paid_from === undefined || Date.parse(value) > Date.parse(request.query.paid_from),
  'receiver-address': (value, _request, world) => {
    const url = new URL(value);
    return !url.username && !url.password && !(url.hostname === '127.0.0.1' && Number(url.port) === world.port);
  },
};

interface Probe {
  operation: string;
  method: string;
  path: string;
  query?: Record<string, any>;
  body?: unknown;
}

/** Every `x-rule` reached by a value: [rule, value]. */
function rulesIn(schema: Schema | undefined, value: unknown, found: Array<[string, unknown]> = []) {
  if (!schema || value === undefined || value === null) return found;
  if (schema['x-rule']) found.push([schema['x-rule'], value]);
  if (schema.properties && typeof value === 'object' && !Array.isArray(value))
    for (const [key, inner] of Object.entries(value as object)) rulesIn(schema.properties[key], inner, found);
  if (schema.items && Array.isArray(value)) for (const inner of value) rulesIn(schema.items, inner, found);
  return found;
}

/** The query as the document reads text: by each parameter's type (OpenAPI's form style). */
function typedQuery(parameters: Schema[], query: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(query).map(([name, text]) => {
      const type = parameters.find((parameter) => parameter.name === name)?.schema?.type;
      if (['integer', 'number'].includes(type) && text !== '' && /^-?\d+(\.\d+)?$/.test(text) && !/^-?0\d/.test(text))
        return [name, Number(text)];
      if (type === 'boolean' && ['true', 'false'].includes(text)) return [name, text === 'true'];
      return [name, text];
    }),
  );
}

const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
const valid = (schema: object, value: unknown) => {
  if (!compiled.has(schema)) compiled.set(schema, ajv.compile(schema));
  return compiled.get(schema)!(value) as boolean;
};
const querySchemas = new Map<object, object>();

function documentAccepts(probe: Probe, world: World): boolean {
  const operation = document.paths[probe.path][probe.method];
  const parameters = (operation.parameters ?? []).filter((parameter: Schema) => parameter.in === 'query');
  // A required query parameter (GSTR-1's period) left out is a refusal of the form too.
  const absent = parameters.filter(
    (parameter: Schema) => parameter.required && probe.query?.[parameter.name] === undefined,
  );
  if (absent.length) return false;
  if (probe.query) {
    if (!querySchemas.has(operation))
      querySchemas.set(operation, {
        type: 'object',
        properties: Object.fromEntries(parameters.map((parameter: Schema) => [parameter.name, parameter.schema])),
        ...operation['x-query-schema'],
      });
    const schema = querySchemas.get(operation) as Schema;
    const typed = typedQuery(parameters, probe.query);
    if (!valid(schema, typed)) return false;
    for (const [rule, value] of rulesIn(schema, typed)) if (!known(rule)(value, probe, world)) return false;
  }
  const body = operation.requestBody?.content['application/json'].schema;
  if (probe.body !== undefined) {
    if (!body) return Object.keys(probe.body as object).length === 0;
    if (!valid(body, probe.body)) return false;
    for (const [rule, value] of rulesIn(body, probe.body)) if (!known(rule)(value, probe, world)) return false;
  }
  return true;
}

function known(rule: string) {
  if (!RULES[rule]) throw new Error(`docs/openapi.json names x-rule ${rule}, which this probe cannot judge`);
  return RULES[rule];
}

const PAD = (value: unknown) => (typeof value === 'string' ? [` ${value}`, `${value} `, `\t${value}`] : []);
const AS_OTHER = (value: unknown) =>
  typeof value === 'number' ? [String(value)] : typeof value === 'string' && /^\d+$/.test(value) ? [Number(value)] : [];

/** Values of every JSON type and the forms the editors are lenient with. */
const ANY = [
  '',
  ' ',
  null,
  0,
  1,
  -1,
  1.5,
  12,
  true,
  false,
  'true',
  'yes',
  '1',
  '12',
  [],
  {},
  'x'.repeat(501),
  'tomorrow',
  '2026-02-30',
  '2026-13-45',
  '2027-01-15',
  '2026-11-20T10:30:00Z',
  '2026-11-20T10:30Z',
  '2026-11-20 10:30:00Z',
  '2027-01-15T10:30:00+15:00',
  'INR',
  'inr',
  'upi',
  'cash',
  'email',
  'link',
  'net_15',
  '18',
  '07',
  'Maharashtra',
  '998314',
  '9983.14',
  '27AAPFU0939F1ZV',
  '27AAPFU0939F1ZA',
  '27aapfu0939f1zv',
  'inv_nope',
  'ana@example.com',
  ' ana@example.com',
  'https://hooks.example.com/x',
  'https://user:pass@hooks.example.com/x',
];

/** A few random text values (seeded): letters, digits and spaces anywhere. */
function noise(): string {
  const alphabet = 'aZ09 _-.@';
  return Array.from({ length: 1 + Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * 9)]).join('');
}

/** `count` of the values, picked by the seeded generator. */
const sample = <T>(values: T[], count: number) =>
  Array.from({ length: count }, () => values[Math.floor(random() * values.length)]);

let sandbox: TestClient;
let world: World;
const tried = { total: 0, accepted: 0, coreRefused: 0 };
const disagreements: string[] = [];
const leaks: string[] = [];

/**
 * Does the core refuse this request (the editors' own schema: lenient, so what it refuses no form of the wire
 * may carry)? A body by the operation's wire schema where it has one, else by its input with the path's ids.
 */
function coreRefuses(probe: Probe, ids: Record<string, string>): boolean {
  const operation = (registry as unknown as Record<string, Operation>)[probe.operation];
  const schema = operation.bodySchema as { safeParse(value: unknown): { success: boolean } } | undefined;
  if (schema && probe.body !== undefined) return !schema.safeParse(probe.body).success;
  try {
    operation.validate({ ...(probe.query ?? {}), ...((probe.body as object) ?? {}), ...ids });
    return false;
  } catch {
    return true;
  }
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const call = async (method: string, url: string, body?: unknown) =>
    (await fetch(`${sandbox.sandbox.baseUrl}/v1${url}`, {
      method,
      headers: { Authorization: `Bearer ${sandbox.sandbox.testKey}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => response.json())) as Record<string, any>;
  const invoice = await sandbox.createInvoice({ items: [{ description: 'Probe', amount: 100_000_000 }] });
  const client = await call('POST', '/clients', { email: 'probe-client@example.com', name: 'Probe' });
  const webhook = await call('POST', '/webhooks', { url: 'https://hooks.example.com/probe', events: ['invoice.paid'] });
  // Large and early enough that no probe's refund is more than remains of it or dated before it (contract: "Refunds").
  const payment = await call('POST', `/invoices/${invoice.id}/payments`, {
    method: 'cash',
    amount: 50_000_000,
    paid_at: '2020-01-01T00:00:00Z',
  });
  const refund = await call('POST', `/payments/${payment.id}/refunds`, { method: 'cash', amount: 1 });
  const note = (kind: string) =>
    call('POST', `/invoices/${invoice.id}/${kind}_notes`, { note_reason: 'others', taxable_amount: 100 });
  const [creditNote, debitNote] = [await note('credit'), await note('debit')];
  const events = await call('GET', '/events?limit=1');
  const clock = await call('GET', '/test_helpers/clock');
  // Issue 42: a product, so the catalogue's paths are probed with an id that names one.
  const product = await call('POST', '/products', {
    name: 'Probe',
    sku: 'PROBE-1',
    product_type: 'goods',
    unit_price: 100,
    currency: 'INR',
  });
  world = {
    ids: {
      invoice: invoice.id,
      client: client.id,
      webhook: webhook.id,
      payment: payment.id,
      refund: refund.id,
      event: events.data[0].id,
      product: product.id,
      credit_note: creditNote.id,
      debit_note: debitNote.id,
    },
    today: clock.today,
    port: Number(new URL(sandbox.sandbox.baseUrl).port),
  };
});
afterAll(async () => {
  await sandbox.sandbox.close();
});

/** Sends one request; true when the sandbox refused its form (400, or 422/404 naming a field of it). */
async function sandboxRefuses(probe: Probe, url: string): Promise<boolean> {
  const query = probe.query ? `?${new URLSearchParams(probe.query)}` : '';
  const response = await fetch(`${sandbox.sandbox.baseUrl}${url}${query}`, {
    method: probe.method.toUpperCase(),
    headers: { Authorization: `Bearer ${sandbox.sandbox.testKey}`, 'Content-Type': 'application/json' },
    body: probe.body === undefined ? undefined : JSON.stringify(probe.body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, any>;
  if (response.status === 400) return true;
  if (response.status === 422) return answer.code === 'validation_failed';
  return response.status === 404 && Array.isArray(answer.errors) && answer.errors.length > 0;
}

async function attempt(probe: Probe, url: string) {
  const expected = documentAccepts(probe, world);
  const pathIds = Object.fromEntries(
    [...probe.path.matchAll(/\{(\w+)\}/g)].map(([, key]) => [key, world.ids[key.replace(/_id$/, '')]]),
  );
  if (coreRefuses(probe, pathIds)) {
    tried.coreRefused += 1;
    if (expected) leaks.push(`${probe.operation}: the core refuses ${JSON.stringify(probe).slice(0, 160)}`);
  }
  const refused = await sandboxRefuses(probe, url);
  tried.total += 1;
  if (expected) tried.accepted += 1;
  if (expected === refused) {
    const shown = JSON.stringify({ query: probe.query, body: probe.body }).slice(0, 160);
    disagreements.push(`${probe.operation}: document ${expected ? 'accepts' : 'refuses'}, sandbox disagrees: ${shown}`);
  }
}

/** Fresh values where a valid body must not collide with what the run made (e-mails, UTRs). */
let counter = 0;
function fresh(body: any): any {
  if (!body || typeof body !== 'object') return body;
  counter += 1;
  const copy = structuredClone(body);
  if (typeof copy.email === 'string') copy.email = `probe-${counter}@example.com`;
  if (typeof copy.client_email === 'string') copy.client_email = `probe-${counter}@example.com`;
  if (copy.upi?.utr) copy.upi.utr = String(400_000_000_000 + counter);
  if (typeof copy.amount === 'number') copy.amount = 1 + (counter % 50);
  if (typeof copy.due_date === 'string') copy.due_date = '2027-01-15';
  return copy;
}

const operations = Object.entries(document.paths as Record<string, Record<string, Schema>>)
  .flatMap(([template, item]) => Object.entries(item).map(([method, operation]) => ({ template, method, operation })))
  // The clock helper moves the clock the other rules read; a void or delete answers by state after its first.
  .filter(({ operation }) => operation.operationId !== 'advanceClock');

test('every request the document accepts the sandbox accepts, and every one it refuses the sandbox refuses', async () => {
  for (const { template, method, operation } of operations) {
    const url = () =>
      template.replace(/\{(\w+)\}/g, (_whole, key: string) => world.ids[key.replace(/_id$/, '')] ?? `${key}_x`);
    const probe = (changes: Partial<Probe>): Probe => ({
      operation: operation.operationId,
      method,
      path: template,
      ...changes,
    });
    const parameters: Schema[] = (operation.parameters ?? []).filter((parameter: Schema) => parameter.in === 'query');
    const example = operation.requestBody?.content['application/json'].example;
    const base = example ?? (operation.requestBody ? {} : undefined);
    await attempt(probe({ body: fresh(base) }), url());
    if (parameters.length) {
      for (const parameter of parameters) {
        const values = [
          ...(parameter.schema.enum ?? []),
          parameter.schema.example,
          parameter.example,
          ...sample(ANY, 12).filter((value) => value !== null && typeof value !== 'object'),
          ...Object.values(world.ids),
          ...PAD(parameter.example),
          noise(),
          noise(),
        ].filter((value) => value !== undefined);
        for (const value of values) await attempt(probe({ query: { [parameter.name]: String(value) } }), url());
      }
      await attempt(probe({ query: { not_a_filter: 'x' } }), url());
    }
    if (base && typeof base === 'object') {
      const places: string[][] = Object.entries(base).flatMap(([key, value]) => [
        [key],
        ...(Array.isArray(value) && value[0] && typeof value[0] === 'object'
          ? Object.keys(value[0]).map((inner) => [key, '0', inner])
          : []),
      ]);
      const schema = operation.requestBody.content['application/json'].schema;
      const inner = (schema.properties?.items?.items?.properties ?? {}) as Schema;
      for (const key of Object.keys(schema.properties ?? {})) if (!places.some((p) => p[0] === key)) places.push([key]);
      for (const key of Object.keys(inner)) if (!places.some((p) => p[2] === key)) places.push(['items', '0', key]);
      for (const where of places) {
        const original = where.reduce<any>((node, part) => node?.[part], base);
        for (const value of [...sample(ANY, 14), ...PAD(original), ...AS_OTHER(original), noise(), undefined]) {
          const changed = fresh(base);
          const parent = where.slice(0, -1).reduce<any>((node, part) => node[part], changed);
          if (value === undefined) delete parent[where.at(-1)!];
          else parent[where.at(-1)!] = value;
          await attempt(probe({ body: changed }), url());
        }
      }
      await attempt(probe({ body: { ...fresh(base), unexpected_field: 'x' } }), url());
      await attempt(probe({ body: {} }), url());
    }
  }
  console.log(
    `wire probe: ${tried.total} requests, ${tried.accepted} accepted by the document, ` +
      `${tried.coreRefused} refused by the core`,
  );
  expect(disagreements).toEqual([]);
  // What the core (lenient) refuses, the document and so the sandbox refuse too.
  expect(leaks).toEqual([]);
  expect(tried.coreRefused).toBeGreaterThan(100);
  expect(tried.total).toBeGreaterThanOrEqual(1000);
  expect(tried.accepted).toBeGreaterThan(100);
  expect(tried.total - tried.accepted).toBeGreaterThan(100);
});

test('a refusal of the wire form names the field and what the wire takes instead', async () => {
  const send = async (method: string, url: string, body: unknown) =>
    (await fetch(`${sandbox.sandbox.baseUrl}/v1${url}`, {
      method,
      headers: { Authorization: `Bearer ${sandbox.sandbox.testKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json())) as { errors: Array<{ param: string; message: string }> };
  const invoice = { client_email: 'named@example.com', currency: 'INR' };
  expect(
    (await send('POST', '/invoices', { ...invoice, items: [{ description: 'x', amount: '1500' }] })).errors,
  ).toEqual([{ param: 'items[0].amount', message: 'items[0].amount must be a JSON integer, not text' }]);
  const blank = await send('POST', '/invoices', { ...invoice, items: [{ description: 'x', amount: 1, unit: null }] });
  expect(blank.errors).toEqual([
    { param: 'items[0].unit', message: 'items[0].unit must be left out, not sent as null (the wire reads no null)' },
  ]);
  const padded = await send('POST', '/clients', { email: 'padded@example.com', name: ' Ana ' });
  expect(padded.errors).toEqual([
    { param: 'name', message: 'name must be sent without spaces around it (and not blank)' },
  ]);
});

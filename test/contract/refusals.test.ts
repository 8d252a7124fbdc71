/**
 * The document is as strict as the core: every body the core refuses (the zod the sandbox checks) is invalid by
 * docs/openapi.json. The bodies are derived: a valid one per operation from the conformance run's values, then
 * each of its fields replaced by each value below; whatever the core refuses must fail the document's schema.
 * And where the document was once stricter than the sandbox, they now agree.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VALUES } from '../../contract/conformance/inputs';
import { hasBody, pathKeys, prefixOf, singleRequest } from '../../contract/conformance/world';
import { SERVICE, shapeOf, type Operation } from '../../shared';
import { startSandbox, type Sandbox } from '../../sandbox';

const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addSchema(document, 'openapi.json');

/** Wrong values people and generated clients send: the issue's list and their kin, of every JSON type. */
const CANDIDATES: unknown[] = [
  '',
  '   ',
  'x'.repeat(501),
  'RUPEES',
  'XYZ',
  'inr!',
  'yesterday',
  '2026-11-20T10:30:00',
  'ftp://hooks.example.com/x',
  'not-an-email',
  'bank',
  0,
  -1,
  1.5,
  100_000_000_001,
  true,
  null,
  [],
  {},
  [{}],
];

const context = {
  tag: 'refusals',
  next: () => 1,
  receiverUrl: 'https://hooks.example.com',
  target: { amount_remaining: 1000 },
  firstEvent: 'evt_refusals',
};
const pointer = (operation: Operation) =>
  `openapi.json#/paths/${`/${SERVICE.apiVersion}${operation.path}`.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method.toLowerCase()}/requestBody/content/application~1json/schema`;

/** A body the core takes, built from the run's values by the operation's own request builder. */
function validInput(operation: Operation): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of pathKeys(operation)) input[key] = `${prefixOf(key)}refusals`;
  for (const key of Object.keys(shapeOf(operation.input))) {
    if (key in input || key === 'idempotency_key') continue;
    const value = VALUES[key]?.(context);
    if (value !== undefined) input[key] = value;
  }
  return input;
}

/** Does the core (what the sandbox validates a body with) refuse this body? */
function coreRefuses(operation: Operation, ids: Record<string, unknown>, body: Record<string, unknown>): boolean {
  const schema = operation.bodySchema as { safeParse(value: unknown): { success: boolean } } | undefined;
  if (schema) return !schema.safeParse(body).success;
  try {
    operation.validate({ ...body, ...ids });
    return false;
  } catch {
    return true;
  }
}

const bodied = singleRequest().filter(([, operation]) => hasBody(operation));

test.each(bodied.map(([name, operation]) => [name, operation] as const))(
  '%s: every body the core refuses is invalid by the document',
  (_name, operation) => {
    const validate = ajv.compile({ $ref: pointer(operation) });
    const input = validInput(operation);
    const ids = Object.fromEntries(pathKeys(operation).map((key) => [key, input[key]]));
    const body = operation.request({ apiKey: 'unused', baseUrl: 'http://127.0.0.1' }, input as never).body as Record<
      string,
      unknown
    >;
    expect(coreRefuses(operation, ids, body)).toBe(false);
    expect([validate(body), validate.errors]).toEqual([true, null]);
    const leaks: string[] = [];
    let refused = 0;
    // Each top-level field and, for a list of objects, each field of its first item.
    const places: Array<[string[], unknown]> = Object.entries(body).flatMap(([key, value]) => [
      [[key], value] as [string[], unknown],
      ...(Array.isArray(value) && value[0] && typeof value[0] === 'object'
        ? Object.keys(value[0]).map((inner) => [[key, '0', inner], undefined] as [string[], unknown])
        : []),
    ]);
    for (const [where] of places) {
      for (const candidate of CANDIDATES) {
        const changed = structuredClone(body);
        const parent = where.slice(0, -1).reduce<any>((node, part) => node[part], changed);
        parent[where.at(-1)!] = candidate;
        if (!coreRefuses(operation, ids, changed)) continue;
        refused += 1;
        if (validate(changed)) leaks.push(`${where.join('.')} = ${JSON.stringify(candidate)?.slice(0, 40)}`);
      }
    }
    // A key the body does not have: refused by both (a body with no fields, Void's, has only this to refuse).
    const unexpected = { ...body, unexpected_field: 'x' };
    if (coreRefuses(operation, ids, unexpected)) {
      refused += 1;
      if (validate(unexpected)) leaks.push('unexpected_field = "x"');
    }
    expect(leaks).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  },
);

test("the issue's examples are among the derived refusals", () => {
  const createInvoice = bodied.find(([name]) => name === 'createInvoice')![1];
  const validate = ajv.compile({ $ref: pointer(createInvoice) });
  const body = {
    client_email: 'ana@example.com',
    currency: 'INR',
    items: [{ description: 'Design', amount: 150000 }],
    auto_send_whatsapp: false,
  };
  expect(validate(body)).toBe(true);
  for (const changed of [
    { currency: 'RUPEES' },
    { items: [{ description: '', amount: 1 }] },
    { items: [{ description: 'x'.repeat(501), amount: 1 }] },
  ]) {
    expect(validate({ ...body, ...changed })).toBe(false);
  }
});

describe("null, the editors' words and a PATCH of nothing: the document and the sandbox refuse them alike", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${sandbox.baseUrl}${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${sandbox.testKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const valid = (template: string, method: string, body: unknown) =>
    ajv.validate(
      {
        $ref: `openapi.json#/paths/${template.replace(/\//g, '~1')}/${method}/requestBody/content/application~1json/schema`,
      },
      body,
    );

  test('channel: null, a helper without a body, owed=1, and a PATCH of nulls only (contract: What the wire reads)', async () => {
    const invoice = await call('POST', '/v1/invoices', {
      client_email: 'agree@example.com',
      currency: 'INR',
      items: [{ description: 'x', amount: 100 }],
    });
    expect(invoice.status).toBe(201);
    const view = '/v1/test_helpers/invoices/{invoice_id}/view';
    const viewed = await call('POST', `/v1/test_helpers/invoices/${invoice.body.id}/view`, { channel: null });
    expect([viewed.status, valid(view, 'post', { channel: null })]).toEqual([422, false]);
    const linked = await call('POST', `/v1/test_helpers/invoices/${invoice.body.id}/view`, { channel: 'link' });
    expect([linked.status, valid(view, 'post', { channel: 'link' })]).toEqual([200, true]);
    const paid = await call('POST', `/v1/test_helpers/invoices/${invoice.body.id}/pay`);
    expect(paid.status).toBe(200);
    expect(document.paths['/v1/test_helpers/invoices/{invoice_id}/pay'].post.requestBody.required).toBe(false);
    const owedSchema = document.paths['/v1/invoices'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'owed',
    ).schema;
    // A boolean parameter is written true or false (OpenAPI's form style); 1 and yes are the editors' words.
    expect([(await call('GET', '/v1/invoices?owed=1')).status, ajv.validate(owedSchema, '1')]).toEqual([422, false]);
    expect([(await call('GET', '/v1/invoices?owed=true')).status, ajv.validate(owedSchema, true)]).toEqual([200, true]);
    const client = await call('POST', '/v1/clients', {
      email: 'agree@example.com'.replace('agree', 'agree2'),
      name: 'Ana',
    });
    const patch = '/v1/clients/{client_id}';
    const cleared = await call('PATCH', `/v1/clients/${client.body.id}`, { name: null });
    expect([cleared.status, cleared.body.code, valid(patch, 'patch', { name: null })]).toEqual([
      422,
      'validation_failed',
      false,
    ]);
    const nothing = await call('PATCH', `/v1/clients/${client.body.id}`, {});
    expect([nothing.status, valid(patch, 'patch', {})]).toEqual([422, false]);
    const mixed = await call('PATCH', `/v1/clients/${client.body.id}`, { name: null, company: 'Sharma Ltd' });
    expect([mixed.status, valid(patch, 'patch', { name: null, company: 'Sharma Ltd' })]).toEqual([422, false]);
    const kept = await call('PATCH', `/v1/clients/${client.body.id}`, { company: 'Sharma Ltd' });
    expect([kept.status, kept.body.name, kept.body.company]).toEqual([200, 'Ana', 'Sharma Ltd']);
  });
});

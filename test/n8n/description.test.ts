/**
 * The nodes' descriptions are data built from shared/: every field a user sees carries the catalogue's
 * label, help and example (the same words the Zapier app shows), and nothing the catalogue names is
 * missing from the n8n UI.
 */
import {
  Workflow,
  type INode,
  type INodeProperties,
  type INodePropertyCollection,
  type INodeTypeDescription,
  type INodeTypes,
} from 'n8n-workflow';

import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  FIELDS,
  PICKER_HELP,
  normalizeBaseUrl,
  operations,
  operations as registry,
  type FieldSpec,
  type FieldLabel,
} from '../../shared';
import { InvoicingApi } from '../../n8n/credentials/InvoicingApi.credentials';
import { InvoicingApi as InvoicingApiNode } from '../../n8n/nodes/InvoicingApi/InvoicingApi.node';
import { InvoicingApiTrigger } from '../../n8n/nodes/InvoicingApiTrigger/InvoicingApiTrigger.node';
import { toHtml } from '../../n8n/editor/text';
import { client as clientResource } from '../../n8n/nodes/InvoicingApi/actions/client';
import { invoice as invoiceResource } from '../../n8n/nodes/InvoicingApi/actions/invoice';
import { payment as paymentResource } from '../../n8n/nodes/InvoicingApi/actions/payment';

/** Every property, including those inside collections and fixed collections. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
  return properties.flatMap((property) => {
    const nested = (property.options ?? []).flatMap((option) => {
      if ('values' in option) return allProperties((option as INodePropertyCollection).values);
      if ('displayName' in option && 'type' in option) return allProperties([option as INodeProperties]);
      return [];
    });
    return [property, ...nested];
  });
}

const action = new InvoicingApiNode().description as INodeTypeDescription;
const properties = allProperties(action.properties);
/** A resource's properties (and the node-wide ones): `amount` is a line item's in one, a payment's in another. */
const propertiesOf = (resources: string[]) =>
  allProperties(
    action.properties.filter((property) => {
      const shown = property.displayOptions?.show?.resource as string[] | undefined;
      return !shown || shown.some((resource) => resources.includes(resource));
    }),
  );
/** A group's input fields (its other entries are words only answers show). */
const catalogue = (group: Record<string, FieldLabel>) =>
  Object.values(group).filter((entry): entry is FieldSpec => 'help' in entry);

describe('Invoicing API node', () => {
  const used = [...catalogue(FIELDS.invoice), ...catalogue(FIELDS.item), ...catalogue(FIELDS.client)]
    .filter((spec) => spec !== FIELDS.invoice.items)
    .map((spec) => [spec.key, spec, ['invoice', 'client']] as const);
  // The node derives its own idempotency key (the shared option under Options), so the payment's is not a field here.
  const payment = catalogue(FIELDS.payment)
    .filter((spec) => spec !== FIELDS.payment.idempotencyKey)
    .map((spec) => [`payment ${spec.key}`, spec, ['payment']] as const);

  test.each([...used, ...payment])('%s has the catalogue label, help and example', (_key, spec, resources) => {
    const matching = propertiesOf([...resources]).filter((property) => property.name === spec.key);
    expect(matching.length).toBeGreaterThan(0);
    for (const property of matching) {
      expect(property.displayName).toBe(spec.label);
      if (property.type === 'resourceLocator') {
        // A picker's help says what to pick (shared/pickers.ts); its typed mode keeps the catalogue example.
        expect(Object.values(PICKER_HELP).map(toHtml)).toContain(property.description);
        expect(property.modes?.[1].placeholder).toBe(`e.g. ${spec.example}`);
        continue;
      }
      if (spec === FIELDS.invoice.currency)
        expect(property.description).toMatch(/^Three-letter ISO 4217 code.* Another currency: switch to Expression/);
      else if (spec !== FIELDS.invoice.idempotencyKey) expect(property.description).toBe(toHtml(spec.help));
      if (spec.example !== undefined && spec.type !== 'boolean' && property.type !== 'options') {
        expect(property.placeholder).toBe(`e.g. ${spec.example}`);
      }
    }
  });

  test("Limit: the catalogue label and default, with the wording n8n's lint requires for every Limit", () => {
    const limits = properties.filter((property) => property.name === FIELDS.list.limit.key);
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) {
      expect(limit).toMatchObject({
        displayName: FIELDS.list.limit.label,
        default: FIELDS.list.limit.default,
        description: 'Max number of results to return',
        displayOptions: { show: { returnAll: [false] } },
      });
    }
  });

  test('the Prevent Duplicates Key help is the catalogue help plus what n8n does without one', () => {
    const [key] = properties.filter((property) => property.name === FIELDS.invoice.idempotencyKey.key);
    expect(key.description).toMatch(
      new RegExp(`^${FIELDS.invoice.idempotencyKey.help.replace(/[()]/g, '\\$&')} When empty`),
    );
  });

  test('line items: a fixed collection of description and amount, or one JSON array', () => {
    const [collection] = properties.filter((property) => property.name === FIELDS.invoice.items.key);
    expect(collection).toMatchObject({
      type: 'fixedCollection',
      displayName: 'Line Items',
      typeOptions: { multipleValues: true },
    });
    const values = (collection.options as INodePropertyCollection[])[0].values.map((value) => value.name);
    // Issue 42: a line may first name its product (picked, or its SKU mapped), then what it spells itself.
    expect(values).toEqual([
      FIELDS.item.product.key,
      FIELDS.item.sku.key,
      FIELDS.item.description.key,
      FIELDS.item.amount.key,
      'more',
    ]);
    // A line's quantity, unit price and GST particulars sit behind the line's own Add Field; the rate is a list.
    const more = (collection.options as INodePropertyCollection[])[0].values[4];
    expect(more).toMatchObject({
      type: 'collection',
      placeholder: 'Add Field',
      displayName: 'Quantity, Unit Price and GST',
    });
    expect((more.options as INodeProperties[]).map((option) => option.name)).toEqual([
      'quantity',
      'unit',
      'unit_price',
      'hsn_sac',
      'gst_rate',
    ]);
    const rate = (more.options as INodeProperties[])[4];
    expect(rate).toMatchObject({ type: 'options', default: '18' });
    expect(rate.options).toEqual(
      expect.arrayContaining([
        { name: '18 %', value: '18' },
        { name: 'Non-GST', value: 'non_gst' },
      ]),
    );
    expect(properties.find((property) => property.name === 'itemsJson')).toMatchObject({ type: 'json' });
  });

  test('resources and operations', () => {
    const operations = (resource: string) =>
      action.properties
        .find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === resource)
        ?.options?.map((option) => ('value' in option ? option.value : undefined));
    // Each resource's operations, from its operation files, in the order n8n's lint asks (by name), each
    // translating an operation of the shared registry.
    const resources = { invoice: invoiceResource, client: clientResource, payment: paymentResource };
    for (const [resource, { operations: entries }] of Object.entries(resources)) {
      const byName = [...entries].sort((a, b) => a.option.name.localeCompare(b.option.name));
      expect(operations(resource)).toEqual(byName.map((entry) => entry.option.value));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) expect(Object.values(registry)).toContain(entry.operation);
    }
    expect(action.usableAsTool).toBe(true);
    expect(action.credentials).toEqual([{ name: 'invoicingApi', required: true }]);
  });

  test('status filter is a dropdown of the catalogue choices', () => {
    const status = properties.find((property) => property.name === FIELDS.invoice.status.key);
    expect(status?.options).toEqual(FIELDS.invoice.status.choices?.map(({ value, label }) => ({ name: label, value })));
  });
});

describe('Invoicing API Trigger node', () => {
  const trigger = new InvoicingApiTrigger().description as INodeTypeDescription;

  test('offers the catalogue events, several at once', () => {
    const [events] = trigger.properties;
    expect(events).toMatchObject({ name: 'events', type: 'multiOptions', required: true });
    expect(events.options).toEqual(
      EVENT_TYPES.map((type) => ({
        name: EVENT_CATALOGUE[type].label,
        value: type,
        description: EVENT_CATALOGUE[type].description,
      })),
    );
    expect(events.options?.map((option) => ('name' in option ? option.name : ''))).toEqual([
      'New Invoice',
      'Invoice Viewed',
      'Invoice Paid (UPI)',
      'Invoice Disputed',
      'Invoice Sent',
      'Invoice Delivery Failed',
      'Invoice Overdue',
      'Invoice Voided',
      'Refund Recorded',
      'New Credit Note',
      'Invoice Credited',
      'New Debit Note',
      'Invoice Debited',
      'E-Invoice Generated',
      'E-Invoice Failed',
      'E-Invoice Cancelled',
      'New Client',
      'Updated Client',
      'New Product',
      'Product Updated',
    ]);
  });

  test('has one POST webhook and the three lifecycle methods', () => {
    expect(trigger.webhooks).toEqual([
      { name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
    ]);
    expect(Object.keys(new InvoicingApiTrigger().webhookMethods.default).sort()).toEqual([
      'checkExists',
      'create',
      'delete',
    ]);
  });
});

describe('credential', () => {
  const credential = new InvoicingApi();

  test('API key (password) and base URL, with the catalogue words and the production default', () => {
    const [apiKey, baseUrl] = credential.properties;
    expect(apiKey).toMatchObject({
      displayName: FIELDS.connection.apiKey.label,
      typeOptions: { password: true },
      required: true,
    });
    expect(apiKey.description).toBe(toHtml(FIELDS.connection.apiKey.help));
    expect(apiKey.description).toContain(
      '<a href="https://dashboard.invoicing.example/settings/api-keys" target="_blank">API keys</a>',
    );
    expect(baseUrl).toMatchObject({
      displayName: FIELDS.connection.baseUrl.label,
      default: 'https://api.invoicing.example/',
    });
  });

  test('bearer authentication and a test calling GET /v1/account', () => {
    expect(typeof credential.authenticate).toBe('function');
    expect(credential.test.request).toMatchObject({ url: '/v1/account', method: 'GET' });
    expect(new URL(operations.getAccount.request({ apiKey: 'x', baseUrl: 'http://h' }, {}).url).pathname).toBe(
      credential.test.request.url,
    );
  });
});

test('the credential test reaches the same base URL as the nodes, whatever spelling was typed', () => {
  const expression = /^=\{\{(.*)\}\}$/.exec(String(credentialBaseUrl()))![1];
  const evaluate = new Function('$credentials', `return ${expression}`) as (c: { baseUrl: string }) => string;
  for (const typed of [
    '',
    'http://127.0.0.1:4010',
    'http://127.0.0.1:4010/',
    ' http://127.0.0.1:4010/v1 ',
    'https://api.example.test/v1/invoices',
  ]) {
    expect(evaluate({ baseUrl: typed })).toBe(normalizeBaseUrl(typed));
  }
});

test("n8n's own expression engine resolves the credential test's base URL as normalizeBaseUrl does", () => {
  const type = new InvoicingApiNode();
  const nodeTypes: INodeTypes = { getByName: () => type, getByNameAndVersion: () => type, getKnownTypes: () => ({}) };
  const node: INode = {
    id: 'n1',
    name: 'Invoicing API',
    type: 'invoicingApi',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
  for (const typed of [
    '',
    '   ',
    'http://127.0.0.1:4010',
    'http://127.0.0.1:4010///',
    ' http://127.0.0.1:4010/v1 ',
    'https://api.example.test/proxy/v1/invoices',
  ]) {
    const resolved = workflow.expression.getSimpleParameterValue(
      node,
      String(credentialBaseUrl()),
      'internal',
      { $credentials: { baseUrl: typed } },
      undefined,
      '',
    );
    expect([typed, resolved]).toEqual([typed, normalizeBaseUrl(typed)]);
  }
});

function credentialBaseUrl(): unknown {
  return new InvoicingApi().test.request.baseURL;
}

test("toHtml turns the catalogue's Markdown links and code spans into HTML and leaves the rest", () => {
  expect(toHtml('See [API keys](https://x.example/keys); keys start `ik_test_`.')).toBe(
    'See <a href="https://x.example/keys" target="_blank">API keys</a>; keys start <code>ik_test_</code>.',
  );
  expect(toHtml('Plain text (with brackets) [not a link].')).toBe('Plain text (with brackets) [not a link].');
});

describe('pickers', () => {
  const locators = properties.filter((property) => property.type === 'resourceLocator');

  test('every ID a user supplies is a resource locator: From List (searchable), By ID (checked), By URL for invoices and clients', () => {
    const byName = (name: string) => locators.filter((property) => property.name === name);
    // Every ID field the catalogue declares that an operation asks for (a filter may take a plain ID),
    // and Create Invoice's client.
    const idKeys = Object.values(FIELDS)
      .flatMap((group) => Object.values(group as Record<string, FieldLabel>))
      .filter((entry) => (entry as FieldSpec).type === 'id')
      .map((entry) => entry.key);
    expect(
      action.properties.filter((property) => idKeys.includes(property.name) && property.type !== 'resourceLocator'),
    ).toEqual([]);
    expect(locators.map((property) => property.name).filter((name) => !idKeys.includes(name))).toEqual([
      'client_email',
    ]);
    expect(locators.length).toBeGreaterThan(0);
    for (const property of [...byName('invoice_id'), ...byName('client_id')]) {
      expect(property.default).toEqual({ mode: 'list', value: '' });
      expect(property.modes?.map((mode) => mode.name)).toEqual(['list', 'id', 'url']);
      expect(property.modes?.[0].typeOptions).toMatchObject({ searchable: true });
    }
    expect(byName('payment_id')[0].modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
    expect(byName('refund_id')[0].modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
    const methods = new Set(locators.map((property) => property.modes?.[0].typeOptions?.searchListMethod));
    expect([...methods].sort()).toEqual([
      'clientEmails',
      'clients',
      'creditNotes',
      'debitNotes',
      'invoices',
      'owedInvoices',
      'payments',
      'products',
      'refunds',
    ]);
    expect(Object.keys(new InvoicingApiNode().methods.listSearch).sort()).toEqual([...methods].sort());
  });

  test('Record Payment lists only owed invoices; By ID and By URL check what is typed with the shared patterns', () => {
    const record = locators.find(
      (property) =>
        property.name === 'invoice_id' && (property.displayOptions?.show?.resource as string[]).includes('payment'),
    )!;
    expect(record.modes?.[0].typeOptions?.searchListMethod).toBe('owedInvoices');
    const regex = (mode: number) =>
      new RegExp(
        (record.modes?.[mode].validation?.[0] as unknown as { properties: { regex: string } }).properties.regex,
      );
    expect(regex(1).test('inv_3MtwBwLkdIwHu7ix')).toBe(true);
    expect(regex(1).test('cli_3MtwBwLkdIwHu7ix')).toBe(false);
    expect(regex(2).test('https://pay.invoicing.example/i/inv_3MtwBwLkdIwHu7ix')).toBe(true);
    expect(regex(2).test('http://127.0.0.1:4010/dashboard#/invoices/inv_1')).toBe(true);
    expect(regex(2).test('http://127.0.0.1:4010/dashboard#/clients/cli_1')).toBe(false);
  });

  test('the currency is a list of common currencies by name, from load options', async () => {
    const [currency] = properties.filter((property) => property.name === FIELDS.invoice.currency.key);
    expect(currency).toMatchObject({
      type: 'options',
      typeOptions: { loadOptionsMethod: 'currencies' },
      default: 'INR',
    });
    const options = await new InvoicingApiNode().methods.loadOptions.currencies.call({} as never);
    expect(options.slice(0, 3)).toEqual([
      { name: 'INR (Indian Rupee)', value: 'INR' },
      { name: 'USD (US Dollar)', value: 'USD' },
      { name: 'EUR (Euro)', value: 'EUR' },
    ]);
  });
});

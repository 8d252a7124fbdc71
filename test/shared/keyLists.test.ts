/**
 * Every form's and every list query's keys, written out: a key joins a form or a query only when it is
 * added here on purpose. The client forms and the sandbox's paging-only queries were once "every key of
 * another set but…", so a field or filter added for one purpose leaked into the others; the last two
 * blocks plant such an addition and show it stays where it was put.
 */
import { operations, shapeOf } from '../../shared';
import { deliveryLogQuerySchema } from '../../sandbox/routes/deliveryLogRoutes';
import { pageQuerySchema } from '../../sandbox/routes/listPage';

const CLIENT_FORM = [
  'email',
  'name',
  'phone',
  'company',
  'tax_id',
  'line1',
  'line2',
  'city',
  'state',
  'postal_code',
  'country',
  'gstin',
  'place_of_supply',
];

/** The fields each editor form shows, in order, by operation (the registry's every operation). */
const FORMS: Record<string, string[]> = {
  getAccount: [],
  createInvoice: [
    'client_email',
    'currency',
    'items',
    'description',
    'amount',
    'quantity',
    'unit',
    'unit_price',
    'hsn_sac',
    'gst_rate',
    'amount_unit',
    'due_date',
    'payment_terms',
    'auto_send_whatsapp',
    'place_of_supply',
    'idempotency_key',
  ],
  getInvoice: ['invoice_id'],
  listInvoices: [
    'limit',
    'status',
    'client_email',
    'number',
    'client_gstin',
    'overdue',
    'due_before',
    'due_after',
    'days_overdue',
  ],
  findInvoice: ['invoice_id', 'number', 'client_gstin'],
  createClient: CLIENT_FORM,
  getClient: ['client_id'],
  updateClient: ['client_id', ...CLIENT_FORM],
  listClients: ['limit', 'email'],
  findClient: ['email'],
  upsertClient: CLIENT_FORM,
  recordPayment: [
    'invoice_id',
    'amount',
    'method',
    'utr',
    'vpa',
    'reference',
    'paid_at',
    'note',
    'amount_unit',
    'idempotency_key',
  ],
  getPayment: ['payment_id'],
  listPayments: ['limit', 'invoice_id', 'utr', 'reference', 'method', 'paid_from', 'paid_before'],
  findPayment: ['utr', 'reference'],
  createWebhook: [],
  getWebhook: [],
  deleteWebhook: [],
  listWebhooks: [],
  recoverWebhook: [],
  listEvents: [],
  simulateView: [],
  simulatePayment: [],
  simulateDispute: [],
  getClock: [],
  advanceClock: [],
  simulateOverdue: [],
  simulateDeliveryFailure: [],
  sendInvoice: ['invoice_id', 'channel', 'kind', 'idempotency_key'],
  voidInvoice: ['invoice_id'],
  downloadInvoicePdf: ['invoice_id'],
};

const PAGING = ['limit', 'starting_after'];

/** The query keys each list takes, as the service (and the sandbox) checks them. */
const QUERIES: Record<string, string[]> = {
  listInvoices: [
    ...PAGING,
    'status',
    'client_email',
    'number',
    'search',
    'owed',
    'client_gstin',
    'overdue',
    'due_before',
    'due_after',
    'days_overdue',
  ],
  listClients: [...PAGING, 'email', 'search'],
  listPayments: [...PAGING, 'invoice_id', 'utr', 'reference', 'method', 'paid_from', 'paid_before'],
  listWebhooks: PAGING,
  listEvents: [...PAGING, 'ending_before', 'type'],
};

const registry = operations as Record<string, { fields?: object; input: Parameters<typeof shapeOf>[0] }>;

describe('each form shows exactly its listed fields', () => {
  test('every operation of the registry has its form written here', () => {
    expect(Object.keys(registry)).toEqual(Object.keys(FORMS));
  });

  test.each(Object.keys(FORMS))('%s', (name) => {
    expect(Object.keys(registry[name].fields ?? {})).toEqual(FORMS[name]);
  });
});

describe('each list takes exactly its listed query keys', () => {
  test('every list of the registry has its query written here', () => {
    expect(Object.keys(registry).filter((name) => name.startsWith('list'))).toEqual(Object.keys(QUERIES));
  });

  test.each(Object.keys(QUERIES))('%s', (name) => {
    expect(Object.keys(shapeOf(registry[name].input))).toEqual(QUERIES[name]);
  });

  test("the sandbox's lists without filters (webhooks, the delivery log) take paging and their own keys", () => {
    expect(Object.keys(pageQuerySchema.shape)).toEqual(PAGING);
    expect(Object.keys(deliveryLogQuerySchema.shape)).toEqual([...PAGING, 'event_id', 'webhook_id']);
  });
});

describe('an addition stays where it was put', () => {
  afterEach(() => jest.resetModules());

  test("a client field added to the catalogue (an answer's, a filter's) joins no client form", () => {
    jest.isolateModules(() => {
      jest.doMock('../../shared/fields', () => {
        const actual = jest.requireActual('../../shared/fields');
        const archived = { key: 'archived', label: 'Archived', help: 'Whether the client is archived.' };
        return { ...actual, FIELDS: { ...actual.FIELDS, client: { ...actual.FIELDS.client, archived } } };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createClient } = require('../../shared/operations/createClient');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { updateClient } = require('../../shared/operations/updateClient');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { clientInputFromFields } = require('../../shared/clientForm');
      expect(Object.keys(createClient.fields)).toEqual(CLIENT_FORM);
      expect(Object.keys(updateClient.fields)).toEqual(['client_id', ...CLIENT_FORM]);
      expect(clientInputFromFields({ email: 'ana@example.com', archived: true })).toEqual({ email: 'ana@example.com' });
    });
  });

  test("a filter added to the clients list stays out of the webhooks' and the delivery log's queries", () => {
    jest.isolateModules(() => {
      jest.doMock('../../shared/operations/listClients', () => {
        const actual = jest.requireActual('../../shared/operations/listClients');
        const { z } = jest.requireActual('zod');
        const listClientsQuerySchema = actual.listClientsQuerySchema.extend({ archived: z.boolean().optional() });
        return { ...actual, listClientsQuerySchema };
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const listPage = require('../../sandbox/routes/listPage');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const deliveryLog = require('../../sandbox/routes/deliveryLogRoutes');
      expect(Object.keys(listPage.pageQuerySchema.shape)).toEqual(PAGING);
      expect(Object.keys(deliveryLog.deliveryLogQuerySchema.shape)).toEqual([...PAGING, 'event_id', 'webhook_id']);
    });
  });
});

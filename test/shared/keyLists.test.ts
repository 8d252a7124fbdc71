/**
 * The client forms and the sandbox's paging-only queries were once "every key of another set but…", so a
 * field or filter added for one purpose leaked into the others: their keys, written out, and the last two
 * tests plant such an addition and show it stays where it was put.
 */
import { operations } from '../../shared';
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

const PAGING = ['limit', 'starting_after'];

const registry = operations as Record<string, { fields?: object }>;

// Every operation's form and list query is pinned in docs/operations.md (test/docs/operations.test.ts);
// these are the sets that were once "every key of another set but…".
describe('the client forms and the paging-only queries hold exactly their listed keys', () => {
  test.each([
    ['createClient', CLIENT_FORM],
    ['updateClient', ['client_id', ...CLIENT_FORM]],
    ['upsertClient', CLIENT_FORM],
  ])('%s', (name, keys) => {
    expect(Object.keys(registry[name].fields ?? {})).toEqual(keys);
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

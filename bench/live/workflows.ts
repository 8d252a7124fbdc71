/**
 * The workflows the live bench runs, as a user would build them in the editor: ours with the package's
 * nodes, and the yardsticks with n8n's own Webhook, HTTP Request and Split Out nodes.
 */
import { CREDENTIAL, PACKAGE } from '../../test/live/workflows';

export { webhookNodeWorkflow } from '../../test/live/workflows';

type Saved = { id: string; name: string };

let nodes = 0;
const node = (
  name: string,
  type: string,
  typeVersion: number,
  parameters: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  id: `d0000000-0000-4000-8000-${String((nodes += 1)).padStart(12, '0')}`,
  name,
  type,
  typeVersion,
  position: [nodes * 220, 0],
  parameters,
  ...extra,
});

const chain = (...names: string[]) =>
  Object.fromEntries(
    names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
  );

export const START = 'Start';
const start = () => node(START, 'n8n-nodes-base.manualTrigger', 1, {});

/** `count` items, one per invoice to create, as a spreadsheet or a database query would hand them on. */
const rows = (count: number) =>
  node('Rows', 'n8n-nodes-base.code', 2, {
    jsCode: `return Array.from({ length: ${count} }, (_, n) => ({ json: { email: 'bulk@example.com', line: 'Consulting, hour ' + (n + 1), amount: 90000 } }));`,
  });

/** Our Create Invoice over every item (Continue On Fail: a failed item is counted, not fatal). */
export function bulkOurs(name: string, saved: Saved, count: number) {
  const create = node(
    'Create Invoice',
    `${PACKAGE}.invoicingApi`,
    1,
    {
      resource: 'invoice',
      operation: 'create',
      client_email: '={{ $json.email }}',
      currency: 'INR',
      itemsInput: 'fields',
      amount_unit: 'minor',
      items: { item: [{ description: '={{ $json.line }}', amount: '={{ $json.amount }}' }] },
    },
    { credentials: { [CREDENTIAL]: saved }, onError: 'continueRegularOutput' },
  );
  return { name, nodes: [start(), rows(count), create], connections: chain(START, 'Rows', 'Create Invoice') };
}

/** HTTP Request as a careful user sets it up: a Header Auth credential, JSON body, batches under the limit. */
export function bulkHttp(
  name: string,
  header: Saved,
  baseUrl: string,
  count: number,
  batchSize: number,
  batchInterval: number,
) {
  const create = node(
    'Create Invoice',
    'n8n-nodes-base.httpRequest',
    4.2,
    {
      method: 'POST',
      url: `${baseUrl}/v1/invoices`,
      authentication: 'genericCredentialType',
      genericAuthType: 'httpHeaderAuth',
      sendBody: true,
      specifyBody: 'json',
      jsonBody:
        '={{ JSON.stringify({ client_email: $json.email, currency: "INR", items: [{ description: $json.line, amount: $json.amount }] }) }}',
      options: { batching: { batch: { batchSize, batchInterval } } },
    },
    { credentials: { httpHeaderAuth: header }, onError: 'continueRegularOutput' },
  );
  return { name, nodes: [start(), rows(count), create], connections: chain(START, 'Rows', 'Create Invoice') };
}

/** Get Many → Return All with our node. */
export function listOurs(name: string, saved: Saved) {
  const list = node(
    'Get Many Invoices',
    `${PACKAGE}.invoicingApi`,
    1,
    { resource: 'invoice', operation: 'getAll', returnAll: true, filters: {} },
    { credentials: { [CREDENTIAL]: saved } },
  );
  return {
    name,
    nodes: [start(), list],
    connections: chain(START, 'Get Many Invoices'),
    last: 'Get Many Invoices',
    timed: ['Get Many Invoices'],
  };
}

/**
 * HTTP Request with its pagination over the same cursor (100 a page, the most the API gives), then
 * Split Out, since each page arrives as one item holding its `data` array.
 */
export function listHttp(name: string, header: Saved, baseUrl: string) {
  const pages = node(
    'Get Invoice Pages',
    'n8n-nodes-base.httpRequest',
    4.2,
    {
      method: 'GET',
      url: `${baseUrl}/v1/invoices`,
      authentication: 'genericCredentialType',
      genericAuthType: 'httpHeaderAuth',
      sendQuery: true,
      queryParameters: { parameters: [{ name: 'limit', value: '100' }] },
      options: {
        pagination: {
          pagination: {
            paginationMode: 'updateAParameterInEachRequest',
            parameters: {
              parameters: [
                {
                  type: 'qs',
                  name: 'starting_after',
                  value: '={{ $response.body.data[$response.body.data.length - 1].id }}',
                },
              ],
            },
            paginationCompleteWhen: 'other',
            completeExpression: '={{ !$response.body.has_more }}',
            limitPagesFetched: false,
          },
        },
      },
    },
    { credentials: { httpHeaderAuth: header } },
  );
  const split = node('Split Out Invoices', 'n8n-nodes-base.splitOut', 1, {
    fieldToSplitOut: 'data',
    include: 'noOtherFields',
    options: {},
  });
  return {
    name,
    nodes: [start(), pages, split],
    connections: chain(START, 'Get Invoice Pages', 'Split Out Invoices'),
    last: 'Split Out Invoices',
    timed: ['Get Invoice Pages', 'Split Out Invoices'],
  };
}

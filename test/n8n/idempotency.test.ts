/**
 * Prevent Duplicates Key sits under the node's Options, shown through n8n's displayOptions for the
 * operations whose shared operation takes an idempotency key: read from the resources, so an operation
 * that starts taking one shows the option without a list to update.
 */
import type { INodeProperties } from 'n8n-workflow';

import { FIELDS, operations } from '../../shared';
import { InvoicingApi } from '../../n8n/nodes/InvoicingApi/InvoicingApi.node';
import { client } from '../../n8n/nodes/InvoicingApi/actions/client';
import { idempotencyKeyOption } from '../../n8n/nodes/InvoicingApi/actions/idempotency';
import { invoice } from '../../n8n/nodes/InvoicingApi/actions/invoice';
import { payment } from '../../n8n/nodes/InvoicingApi/actions/payment';

const key = FIELDS.invoice.idempotencyKey.key;
const shownFor = (option: INodeProperties, resource: string, operation: string) => {
  const show = option.displayOptions?.show as Record<string, string[]>;
  return show['/resource'].includes(resource) && show['/operation'].includes(operation);
};

test('the option shows for exactly the node operations whose shared operation takes an idempotency key', () => {
  const options = new InvoicingApi().description.properties.find((property) => property.name === 'options')!
    .options as INodeProperties[];
  const option = options.find((entry) => entry.name === key)!;
  const pairs = Object.entries({ invoice, client, payment }).flatMap(([resource, { operations: entries }]) =>
    entries.map((entry) => ({ resource, value: entry.option.value, takesKey: key in entry.operation.fields })),
  );
  expect(pairs.filter((pair) => pair.takesKey).map((pair) => `${pair.resource} ${pair.value}`)).toEqual([
    'invoice create',
    'invoice send',
    'payment record',
  ]);
  for (const pair of pairs) expect(shownFor(option, pair.resource, pair.value)).toBe(pair.takesKey);
});

test('an operation that takes a key shows the option without an edit to it', () => {
  const [create] = client.operations.filter((entry) => entry.option.value === 'create');
  const keyed = { ...create, operation: operations.recordPayment };
  const option = idempotencyKeyOption({ invoice: invoice.operations, client: [keyed], payment: payment.operations });
  expect(shownFor(option, 'client', 'create')).toBe(true);
  expect(shownFor(idempotencyKeyOption({ client: client.operations }), 'client', 'create')).toBe(false);
});

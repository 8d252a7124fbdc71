/**
 * Prevent Duplicates Key, for every operation whose shared operation takes an idempotency key: one entry
 * under the node's Options, shown for those operations (read from the resources, not listed here), and
 * the key an item is sent with when the user gives none.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { FIELDS, deriveIdempotencyKey, isBlank } from '../../../../shared';
import { nodeOf } from '../../../editor/parameters';
import { param, type NodeOperation } from './common';

const { idempotencyKey: field } = FIELDS.invoice;

/** Resource name → its operations whose shared operation takes an idempotency key. */
function idempotentOperations(resources: Record<string, readonly NodeOperation[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(resources)
      .map(([name, entries]) => [
        name,
        entries.filter((entry) => field.key in entry.operation.fields).map((entry) => entry.option.value),
      ])
      .filter(([, values]) => values.length),
  );
}

/**
 * n8n shows an option when its resource is one listed and its operation is one listed, so a pair that
 * is not idempotent must not exist under these lists (InvoicingApi.node.ts's test checks every pair).
 */
export function idempotencyKeyOption(resources: Record<string, readonly NodeOperation[]>): INodeProperties {
  const idempotent = idempotentOperations(resources);
  return {
    displayName: field.label,
    name: field.key,
    type: 'string',
    default: '',
    placeholder: `e.g. ${field.example}`,
    description:
      `${field.help} When empty, one is made from the execution, the node and the item, ` +
      'so Retry On Fail never creates an invoice, or records a payment, twice.',
    displayOptions: {
      show: { '/resource': Object.keys(idempotent), '/operation': [...new Set(Object.values(idempotent).flat())] },
    },
  };
}

/**
 * The key the service deduplicates on. Without one from the user it comes from the n8n instance, the
 * execution, the node and the item: Retry On Fail (same execution) can never create the same invoice
 * twice, and execution 1 of another n8n (a copied workflow, a reset database) is not mistaken for ours.
 */
export function idempotencyKey(context: IExecuteFunctions, itemIndex: number): unknown {
  const given = param(context, `options.${field.key}`, itemIndex, '');
  if (!isBlank(given)) return given;
  return deriveIdempotencyKey([context.getInstanceId(), context.getExecutionId(), nodeOf(context).id, itemIndex]);
}

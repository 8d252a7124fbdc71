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
      `${field.help} When empty, one is made from the execution, the node and the item, so neither ` +
      'Retry On Fail nor retrying a failed execution creates an invoice, or records a payment, twice.',
    displayOptions: {
      show: { '/resource': Object.keys(idempotent), '/operation': [...new Set(Object.values(idempotent).flat())] },
    },
  };
}

/** Where the nodes keep, in the execution's n8n flow context, the execution that began the line of retries. */
const ORIGIN = 'invoicingApiIdempotencyOrigin';

/** Per node run: the execution the keys name and the node's run index within it. */
const lineages = new WeakMap<IExecuteFunctions, { origin: string; run: number }>();

/**
 * n8n's Retry (the executions list) starts a new execution with a new id, but on the failed execution's
 * own data, its contexts included (n8n's ExecutionService.retry hands `execution.data` on), and never tells
 * a node which execution it retries. So the first of this package's nodes to run records the execution's id
 * in the flow context (shared by the workflow's nodes, so a node that first runs in a Retry still finds the
 * id when the original execution is retried once more), and every retry, a retry of a retry too, reads it
 * back. A new execution (a schedule's next run, a manual run, a partial run in the editor) starts with an
 * empty context, so it records its own.
 */
function lineageOf(context: IExecuteFunctions): { origin: string; run: number } {
  let lineage = lineages.get(context);
  if (!lineage) {
    const flow = context.getContext('flow');
    if (typeof flow[ORIGIN] !== 'string' || !flow[ORIGIN]) flow[ORIGIN] = context.getExecutionId();
    // A node run again in one execution (a loop, an agent's second tool call) sends new requests; the run
    // index is the same on a retry (n8n drops the failed run before running the node again).
    lineage = { origin: String(flow[ORIGIN]), run: Number(context.getWorkflowDataProxy(0).$runIndex ?? 0) };
    lineages.set(context, lineage);
  }
  return lineage;
}

/**
 * The key the service deduplicates on. Without one from the user it comes from the n8n instance, the
 * execution that began the line of retries, the node, its run and the item: Retry On Fail (same execution)
 * and n8n's Retry of a failed execution can never create the same invoice twice, while two executions (a
 * schedule's two runs with the same data) and two items of one run are two requests; execution 1 of
 * another n8n (a copied workflow, a reset database) is not mistaken for ours.
 */
export function idempotencyKey(context: IExecuteFunctions, itemIndex: number): unknown {
  const given = param(context, `options.${field.key}`, itemIndex, '');
  if (!isBlank(given)) return given;
  const { origin, run } = lineageOf(context);
  return deriveIdempotencyKey([context.getInstanceId(), origin, nodeOf(context).id, run, itemIndex]);
}

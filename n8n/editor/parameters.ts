/**
 * Reading a node's parameters back for an item. n8n's `getNodeParameter` copies the parameter, walks it
 * for expressions and checks it against the node's description on every call, and `getNode` copies the
 * whole node (n8n-core's node-execution-context: `_getNodeParameter`, `getNode`); Create Invoice reads
 * about a dozen parameters per item, a tenth of n8n's CPU on 10,000 items (a profile of the live bench's
 * bulk run). A parameter that holds no expression is the same for every item, so it is read once per node
 * run; one with an expression (`={{ $json.email }}`) is read for each item, as n8n means it to be.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

/** Whether n8n would evaluate anything in it: a string starting with "=" anywhere inside. */
function holdsExpression(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith('=');
  if (Array.isArray(value)) return value.some(holdsExpression);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
  return false;
}

/** The parameter as saved in the workflow, at a dotted path ('items.item', 'options.concurrency'). */
function saved(node: INode, name: string): unknown {
  let value: unknown = node.parameters;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

interface NodeRun {
  node: INode;
  /** Per parameter name: whether it holds an expression. */
  evaluated: Map<string, boolean>;
  /** Per name and fallback: a static parameter's value, as n8n gave it. */
  values: Map<string, unknown>;
}

/** n8n makes one execute context per node run. */
const runs = new WeakMap<IExecuteFunctions, NodeRun>();

function runOf(context: IExecuteFunctions): NodeRun {
  let run = runs.get(context);
  if (!run) runs.set(context, (run = { node: context.getNode(), evaluated: new Map(), values: new Map() }));
  return run;
}

/** The node being run (its id, type version, credentials), read once per run. */
export const nodeOf = (context: IExecuteFunctions): INode => runOf(context).node;

export function param(context: IExecuteFunctions, name: string, itemIndex: number, fallback?: unknown): unknown {
  const run = runOf(context);
  let evaluated = run.evaluated.get(name);
  if (evaluated === undefined) run.evaluated.set(name, (evaluated = holdsExpression(saved(run.node, name))));
  if (evaluated) return context.getNodeParameter(name, itemIndex, fallback) as unknown;
  // The fallback is part of the key: the same name read with another fallback may answer differently.
  const key = `${name}\u0000${JSON.stringify(fallback) ?? ''}`;
  if (!run.values.has(key)) run.values.set(key, context.getNodeParameter(name, itemIndex, fallback));
  const value = run.values.get(key);
  // A copy each time, as n8n gives one: an operation may change what it was handed.
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}

/**
 * Reading a node's parameters back for an item. n8n's `getNodeParameter` copies the parameter, walks it
 * for expressions and checks it against the node's description on every call (n8n-core's
 * node-execution-context `_getNodeParameter`); Create Invoice reads about a dozen parameters per item, and
 * on 10,000 items that was a tenth of n8n's CPU (a profile of the live bench's bulk run). A parameter that
 * holds no expression is the same for every item, so it is read once per node run; one with an expression
 * (`={{ $json.email }}`) is read for each item, as n8n means it to be.
 */
import type { IExecuteFunctions, INodeParameters, NodeParameterValueType } from 'n8n-workflow';

type Value = NodeParameterValueType | INodeParameters | undefined;

/** Whether n8n would evaluate anything in it: a string starting with "=" anywhere inside. */
function holdsExpression(value: Value | unknown): boolean {
  if (typeof value === 'string') return value.startsWith('=');
  if (Array.isArray(value)) return value.some(holdsExpression);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
  return false;
}

/** The parameter as saved in the workflow, at a dotted path ('items.item', 'options.concurrency'). */
function saved(context: IExecuteFunctions, name: string): unknown {
  let value: unknown = context.getNode().parameters;
  for (const part of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Per node run (n8n makes one execute context per run): each static parameter's value, as n8n gave it. */
const staticValues = new WeakMap<IExecuteFunctions, Map<string, { value: unknown }>>();

export function param(context: IExecuteFunctions, name: string, itemIndex: number, fallback?: unknown): unknown {
  const read = () => context.getNodeParameter(name, itemIndex, fallback) as unknown;
  if (holdsExpression(saved(context, name))) return read();
  let values = staticValues.get(context);
  if (!values) staticValues.set(context, (values = new Map()));
  // The fallback is part of the key: the same name read with another fallback may answer differently.
  const key = `${name}\u0000${JSON.stringify(fallback) ?? ''}`;
  let known = values.get(key);
  if (!known) values.set(key, (known = { value: read() }));
  // A copy each time, as n8n gives one: an operation may change what it was handed.
  return known.value !== null && typeof known.value === 'object' ? structuredClone(known.value) : known.value;
}

/**
 * A request example per operation, for docs/openapi.json (and so for the Postman collection generated from it):
 * the body the operation's own request builder makes from the values the conformance run sends, with sample
 * ids in the path. Derived, so a new operation whose keys the run knows gets its example with no line here.
 */
import { ID_PREFIX, sampleEvents, shapeOf, type Operation } from '../shared';
import { VALUES } from './conformance/inputs';

const CONTEXT = {
  tag: 'example',
  next: () => 1,
  receiverUrl: 'https://hooks.example.com',
  target: { amount_remaining: 150000 },
  firstEvent: sampleEvents.created.id,
  now: Date.parse(sampleEvents.paid.created_at),
};

/** The body an operation sends for the run's values, or undefined when it sends none. */
export function exampleBody(operation: Operation): unknown {
  const input: Record<string, unknown> = {};
  for (const key of [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
    input[key] = `${(ID_PREFIX as Record<string, string>)[key.replace(/_id$/, '')] ?? ''}example`;
  }
  for (const key of Object.keys(shapeOf(operation.input))) {
    const value = key in input || key === 'idempotency_key' ? undefined : VALUES[key]?.(CONTEXT);
    if (value !== undefined) input[key] = value;
  }
  return operation.request({ baseUrl: 'https://api.invoicing.example' }, input as never).body;
}

/**
 * A request example per operation, for docs/openapi.json (and so for the Postman collection generated from it):
 * the body the operation's own request builder makes from the values the conformance run sends, with the
 * example objects' ids in the path (sandbox/examples.ts). Derived, so a new operation whose keys the run
 * knows gets its example with no line here.
 */
import { EXAMPLE_IDS } from '../sandbox/examples';
import { sampleEvents, shapeOf, type Operation } from '../shared';
import { VALUES } from './conformance/inputs';

const CONTEXT = {
  receiverUrl: 'https://hooks.example.com',
  target: { amount_remaining: 150000 },
  firstEvent: EXAMPLE_IDS.event_id,
  now: Date.parse(sampleEvents.paid.created_at),
};

/**
 * A path id's example: an example object (sandbox/examples.ts); a request that deletes, voids or cancels an
 * e-invoice names one of its own, so whatever runs after it still finds the others.
 */
export function examplePathId(operation: Operation, key: string): string | undefined {
  const own: Record<string, string> =
    operation.method === 'DELETE'
      ? EXAMPLE_IDS.deleted
      : operation.path.endsWith('/void')
        ? EXAMPLE_IDS.voided
        : operation.path.endsWith('/einvoice/cancel')
          ? EXAMPLE_IDS.einvoiced
          : {};
  return own[key] ?? (EXAMPLE_IDS as unknown as Record<string, string | undefined>)[key];
}

/**
 * The body an operation sends for the run's values, or undefined when it sends none. Tagged with the
 * operation's name, so no two examples share an e-mail (a create would meet a taken one: 409).
 */
export function exampleBody(name: string, operation: Operation): unknown {
  let count = 0;
  const context = { ...CONTEXT, tag: name, next: () => ++count };
  const input: Record<string, unknown> = {};
  for (const key of [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])) {
    input[key] = examplePathId(operation, key);
  }
  for (const key of Object.keys(shapeOf(operation.input))) {
    const value = key in input || key === 'idempotency_key' ? undefined : VALUES[key]?.(context);
    if (value !== undefined) input[key] = value;
  }
  return operation.request({ baseUrl: 'https://api.invoicing.example' }, input as never).body;
}

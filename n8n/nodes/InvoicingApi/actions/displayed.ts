/**
 * The operations a resource shows without a file of their own: every registry operation whose `display`
 * names the resource and that no operation file translates. Its entry, parameters and execute are read
 * from the operation (docs/architecture.md, "Adding a field or an operation"): each ID field is its kind's
 * resource locator, every other field a parameter as the catalogue declares it, and an operation whose
 * input takes an idempotency key gets one as every idempotent operation does.
 */
import {
  FIELDS,
  displayNoun,
  displayedOperations,
  pickedKind,
  runOperation,
  shapeOf,
  type DisplayedOperation,
  type FieldSpec,
  type OperationDisplay,
} from '../../../../shared';
import { locator, locatorId } from '../../../editor/pickers';
import { property } from '../../../editor/properties';
import { param, type NodeOperation } from './common';
import { idempotencyKey } from './idempotency';

const { key: IDEMPOTENCY_KEY } = FIELDS.invoice.idempotencyKey;

/** Each kind's list mode (n8n/editor/pickers.ts listSearch). */
export const LISTS = {
  invoice: 'invoices',
  client: 'clients',
  payment: 'payments',
  product: 'products',
  refund: 'refunds',
  credit_note: 'creditNotes',
  debit_note: 'debitNotes',
} as const;

/** Zapier's sentence in n8n's words: "Cancels an invoice …." → "Cancel an invoice …". */
export function imperative(description: string): string {
  const [verb, ...rest] = description.replace(/\.$/, '').split(' ');
  const bare = verb.endsWith('ies') ? `${verb.slice(0, -3)}y` : verb.replace(/(ss|sh|ch|x)es$/, '$1').replace(/s$/, '');
  return [bare, ...rest].join(' ');
}

/** "Void Invoice" under Invoice → "Void"; the value is its camelCase ("Download PDF" → "downloadPdf"). */
function optionName(display: OperationDisplay): { name: string; value: string } {
  const noun = displayNoun(display.resource);
  const name = display.label.replace(new RegExp(` ${noun}$`), '');
  const [first, ...rest] = name.split(' ');
  const value = [first.toLowerCase(), ...rest.map((word) => word[0] + word.slice(1).toLowerCase())].join('');
  return { name, value };
}

function displayedOperation(operation: DisplayedOperation): NodeOperation {
  const { display } = operation;
  const specs = Object.values(operation.fields);
  // As Void always has: the key the node derives for the item, though Prevent Duplicates Key (which its fields
  // do not list) is not shown for it.
  const takesKey = IDEMPOTENCY_KEY in shapeOf(operation.input);
  const plain = specs.filter((spec) => spec.key !== IDEMPOTENCY_KEY);
  const shown = (spec: FieldSpec) => {
    const kind = pickedKind(spec);
    // The catalogue's default or the type's empty value: a `default: undefined` override would leave n8n nothing to
    // fill in for a parameter a saved workflow left out ("Could not get parameter").
    return kind ? locator(kind, spec, LISTS[kind]) : property(spec);
  };
  return {
    operation,
    option: { ...optionName(display), action: display.action, description: imperative(display.description) },
    properties: plain.map(shown),
    execute: (context, i, connection, send) => {
      const valueOf = (spec: FieldSpec) => {
        const kind = pickedKind(spec);
        return kind ? locatorId(context, kind, spec, i) : param(context, spec.key, i);
      };
      const given = plain.map((spec) => [spec.key, valueOf(spec)]);
      const key = takesKey ? { [IDEMPOTENCY_KEY]: idempotencyKey(context, i) } : {};
      return runOperation(operation, connection, { ...Object.fromEntries(given), ...key }, send) as Promise<object>;
    },
  };
}

/**
 * A resource's operations: its operation files (`own`), then every registry operation whose `display` names
 * the resource and that no file translates, built from the operation.
 */
export function withDisplayed(resource: OperationDisplay['resource'], own: readonly NodeOperation[]): NodeOperation[] {
  const translated = new Set(own.map((entry) => entry.operation));
  const built = displayedOperations
    .filter(({ operation }) => operation.display.resource === resource && !translated.has(operation))
    .map(({ operation }) => displayedOperation(operation));
  return [...own, ...built];
}

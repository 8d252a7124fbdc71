/**
 * Amounts typed as people write them ("1,500.00"), for every operation that takes one: an operation
 * declares where its amounts sit and where their currency comes from (`amounts` in `defineOperation`),
 * and this module derives the rest from its wire schema (whole minor units, as the service takes them):
 *
 * - the editors' schema: each amount a typed text (its form checked alone), plus Amounts Are In;
 * - Amounts Are In: Minor Units: the wire schema itself, with its words, exactly as before typing existed;
 * - the conversion, by the currency's exponent (shared/amounts.ts): inside the one validation when the
 *   currency is a field of the same input (every broken field named together), or, when the currency is
 *   another resource's (a payment's is its invoice's), as its own step once that resource is read.
 */
import { z } from 'zod';
import {
  amountBeforeItsCurrency,
  amountUnitInput,
  convertAmount,
  inMinorUnits,
  positiveTypedAmountInput,
  readAmount,
  typedAmountInput,
} from '../amounts';
import { isKnownCurrency } from '../money';
import { builtAround, howBuilt } from '../schemas/builtAround';
import { InputError, fieldLabel, type InputIssue } from '../validation';

type Path = Array<string | number>;

export interface AmountsDeclaration<Lookup = unknown> {
  /** Where typed amounts sit in the input: `amount`, or `items.amount` for each line item's. */
  at: readonly string[];
  /**
   * The input key holding the currency, or the operation (and its input key) whose answer has it. Such a
   * lookup may `check` the input (its amounts in minor units by then) against what it read, before any write:
   * the issues it answers are refused as bad input, in the field's words (contract: "Checked against what it
   * corrects"), so the one GET that reads the currency also reads what remains.
   */
  currency:
    | string
    | { from: Lookup; key: string; check?: (read: never, input: Record<string, unknown>) => InputIssue[] };
  /** The least minor units accepted (a payment records at least 1). */
  min?: number;
}

/** `schema` with the value at `path` (`['items', 'amount']`) replaced, under lists, optionals and refinements. */
function replaceAt(schema: z.ZodTypeAny, path: readonly string[], leaf: z.ZodTypeAny): z.ZodTypeAny {
  // An optional amount (a line priced by its unit price instead) stays optional as typed.
  if (!path.length) return schema.isOptional() ? leaf.optional() : leaf;
  // A refinement or a list with limits is built again around its changed inner schema, and can be again.
  const built = howBuilt(schema);
  if (built) return builtAround(replaceAt(built.around, path, leaf), built.build);
  if (schema instanceof z.ZodOptional) return replaceAt(schema.unwrap(), path, leaf).optional();
  if (schema instanceof z.ZodObject) {
    const [key, ...rest] = path;
    if (!(key in schema.shape)) throw new Error(`typed amounts: no object key "${key}" in the input schema`);
    return schema.extend({ [key]: replaceAt(schema.shape[key], rest, leaf) });
  }
  throw new Error(`typed amounts: "${path[0]}" sits in a schema not made with builtAround, which cannot be rebuilt`);
}

/** The schema with one more key, under its refinements (Amounts Are In beside the wire's own keys). */
function withKey(schema: z.ZodTypeAny, key: string, value: z.ZodTypeAny): z.ZodTypeAny {
  const built = howBuilt(schema);
  if (built) return builtAround(withKey(built.around, key, value), built.build);
  if (schema instanceof z.ZodObject) return schema.extend({ [key]: value });
  throw new Error('typed amounts: the input schema is neither an object nor made with builtAround around one');
}

/** Every amount the declaration names in `input`, with its path: `items[0].amount`, `items[1].amount`. */
function amountsIn(
  input: unknown,
  at: readonly string[],
  path: Path = [],
): Array<{ holder: Record<string, unknown>; key: string; path: Path }> {
  if (Array.isArray(input)) return input.flatMap((entry, index) => amountsIn(entry, at, [...path, index]));
  if (typeof input !== 'object' || input === null) return [];
  const holder = input as Record<string, unknown>;
  const [key, ...rest] = at;
  if (!rest.length) return key in holder ? [{ holder, key, path: [...path, key] }] : [];
  return amountsIn(holder[key], rest, [...path, key]);
}

const pathsOf = (declaration: AmountsDeclaration) => declaration.at.map((where) => where.split('.'));

/** The two schemas an operation with typed amounts validates with: as typed (the default), and in minor units. */
export function typedAmountSchemas(wire: z.ZodTypeAny, declaration: AmountsDeclaration) {
  const minor = withKey(wire, 'amount_unit', amountUnitInput);
  const { currency } = declaration;
  const asTyped = (declaration.min ?? 0) >= 1 ? positiveTypedAmountInput : typedAmountInput;
  // Another resource's currency is read after validation: what can be refused before that read is.
  const leaf = typeof currency === 'string' ? asTyped : amountBeforeItsCurrency(asTyped);
  const typedShape = pathsOf(declaration).reduce((schema, path) => replaceAt(schema, path, leaf), minor);
  if (typeof currency !== 'string') return { typed: typedShape, minor };
  // The currency is in the same input: convert inside the one validation, named beside every other field.
  const typed = typedShape.superRefine((given: Record<string, unknown>, ctx) => {
    const code = given[currency];
    // An unknown currency is refused on its own field; its amounts cannot be read without it.
    if (typeof code !== 'string' || !isKnownCurrency(code)) return;
    for (const path of pathsOf(declaration)) {
      for (const amount of amountsIn(given, path)) {
        convertAmount(amount.holder, amount.key, code, ctx, amount.path, { min: declaration.min });
      }
    }
  });
  return { typed, minor };
}

/** Which schema judges this input: minor units when Amounts Are In says so, else the amounts as typed. */
export function amountSchemaFor(raw: unknown, schemas: { typed: z.ZodTypeAny; minor: z.ZodTypeAny }): z.ZodTypeAny {
  return inMinorUnits(raw) ? schemas.minor : schemas.typed;
}

/**
 * Whether the validated input still holds amounts as typed: main units, and a currency that is another
 * resource's (read by `convertTypedAmounts` before the request is built).
 */
export function awaitsCurrency(declaration: AmountsDeclaration | undefined, input: Record<string, unknown>): boolean {
  return declaration !== undefined && typeof declaration.currency !== 'string' && input.amount_unit !== 'minor';
}

/**
 * Converts each typed amount of a validated input (zod's own copy, so in place) in `currency`, or throws
 * an InputError naming every one that cannot be.
 */
export function convertTypedAmounts(declaration: AmountsDeclaration, input: Record<string, unknown>, currency: string) {
  const issues = pathsOf(declaration)
    .flatMap((path) => amountsIn(input, path))
    .flatMap((amount) => {
      const reading = readAmount(amount.holder[amount.key], currency, { min: declaration.min });
      if (reading.ok) {
        amount.holder[amount.key] = reading.minor;
        return [];
      }
      return [{ field: amount.path.join('.'), message: `${fieldLabel(amount.key)} ${reading.message}` }];
    });
  if (issues.length) throw new InputError(issues);
  return input;
}

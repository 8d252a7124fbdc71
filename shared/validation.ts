/**
 * Turns zod issues into sentences a Zap builder or workflow author can act on: each names the field
 * (by the label they see) and says what would be accepted. Nothing is sent while any issue stands.
 */
import type { z } from 'zod';
import { AMOUNT_UNIT_CHOICES, FIELDS, type FieldLabel } from './fields';
import { inMinorUnits, readAmount } from './amounts';
import { amountExample, formatMinor, isKnownCurrency, minorUnitName } from './money';
import { MAX_AMOUNT, echo } from './schemas/primitives';

export interface InputIssue {
  /** Path in the input, e.g. `items[1].amount`. */
  field: string;
  /** The sentence shown to the user, label included. */
  message: string;
}

/** The longest refusal a user is shown: the first few problems (each shortened if need be) and how many more. */
export const MAX_MESSAGE = 2000;
const LISTED = 5;
const MAX_ISSUE = Math.floor(MAX_MESSAGE / (LISTED + 1));

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function summary(issues: InputIssue[]): string {
  if (issues.length === 1) return clip(issues[0].message, MAX_MESSAGE);
  const listed = issues.slice(0, LISTED).map((issue) => clip(issue.message, MAX_ISSUE));
  const more = issues.length - listed.length;
  return `Please fix ${issues.length} fields: ${listed.join('; ')}${more ? `; and ${more} more` : ''}`;
}

export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(readonly issues: InputIssue[]) {
    super(summary(issues));
  }
}

/** Every catalogue word by key; where two groups share a key, the first declared is the one messages use. */
const LABELS: Record<string, string> = {};
for (const group of Object.values(FIELDS) as Array<Record<string, FieldLabel>>) {
  for (const entry of Object.values(group)) LABELS[entry.key] ??= entry.label;
}

export function fieldLabel(key: string): string {
  return LABELS[key] ?? key;
}

/**
 * The words an operation's own form shows for its keys (Create Product's `name` is Product Name, not a
 * client's Name): a refusal names the field as the user sees it where they typed it. Else the global label.
 */
type OwnLabels = Readonly<Record<string, string>>;
const labelIn = (key: string, own: OwnLabels = {}) => (Object.hasOwn(own, key) ? own[key] : fieldLabel(key));

const ITEM = 'Item';
/** "Item 2" for items[1]: how messages name a line item, and how namesItsPlace recognises them. */
const itemPlace = (index: number) => `${ITEM} ${index + 1}`;
const ITEM_PLACE = new RegExp(`^${ITEM} \\d+`);

/**
 * Whether a field error's message already names its place the way validateInput does (our own service
 * and the sandbox word their errors with it), so errors.ts does not name it a second time.
 */
export function namesItsPlace(message: string, key: string): boolean {
  return message.startsWith(fieldLabel(key)) || ITEM_PLACE.test(message);
}

function pathText(path: Array<string | number>): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index ? `.${part}` : part)).join('');
}

/**
 * What the user calls the place in the input: "Item 2" for items[1], "Events entry 2" for events[1],
 * else the label.
 */
function placeName(path: Array<string | number>, own?: OwnLabels): string {
  const last = path[path.length - 1];
  if (typeof last !== 'number') return labelIn(String(last), own);
  const owner = path[path.length - 2];
  return owner === FIELDS.invoice.items.key ? itemPlace(last) : `${fieldLabel(String(owner))} entry ${last + 1}`;
}

function amountMessage(issue: z.ZodIssue, raw: unknown, currency: string): string {
  const unit = minorUnitName(currency);
  const example = amountExample(currency);
  if (issue.code === 'too_small') return `cannot be negative; enter a whole number of ${unit}, e.g. ${example}`;
  if (issue.code === 'too_big') return `must be at most ${MAX_AMOUNT} ${unit} (${formatMinor(MAX_AMOUNT, currency)})`;
  const base = `must be a whole number of ${unit}, e.g. ${example}`;
  if (raw === undefined || raw === null || raw === '') return `is required: ${base}`;
  const text = String(raw).trim();
  if (/^\d+\.\d+$/.test(text))
    return `${base} (you entered ${echo(text)}: amounts are in ${unit}, without a decimal point)`;
  return base;
}

function describe(issue: z.ZodIssue, raw: unknown, typedAmounts: boolean, own?: OwnLabels): InputIssue {
  const path = issue.path;
  const field = pathText(path);
  const currencyRaw = (raw as Record<string, unknown> | undefined)?.currency;
  const currency =
    typeof currencyRaw === 'string' && isKnownCurrency(currencyRaw.trim().toUpperCase())
      ? currencyRaw.trim().toUpperCase()
      : 'INR';

  if (issue.code === 'unrecognized_keys') {
    const where = path.length ? `${placeName(path)}: ` : '';
    return {
      field: issue.keys.map((key) => pathText([...path, key])).join(', '),
      message: `${where}unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map(echo).join(', ')}`,
    };
  }

  const valueAt = path.reduce<unknown>((node, key) => (node == null ? undefined : (node as any)[key]), raw);
  let message = issue.message;
  if (issue.code === 'invalid_type' && valueAt === undefined) message = 'is required';

  if (path[0] === FIELDS.invoice.items.key && typeof path[1] === 'number') {
    const position = itemPlace(path[1]);
    const key = path[2];
    if (key === 'amount') {
      // Custom issues come from shared/amounts.ts and already name the accepted forms. A line's missing amount
      // (refused where a unit price could stand for it) is said in the unit the field takes: as typed when the
      // editors' schema judged it, else (the wire, Amounts Are In: Minor Units) in minor units.
      const typedAndMissing = valueAt === undefined && typedAmounts;
      const missing = typedAndMissing ? readAmount(undefined, currency) : undefined;
      const text =
        issue.code === 'custom'
          ? issue.message
          : missing && !missing.ok
            ? missing.message
            : amountMessage(issue, valueAt, currency);
      return { field, message: `${position}: amount ${text}` };
    }
    if (key === undefined) return { field, message: `${position} must have a description and an amount` };
    return { field, message: `${position}: ${String(key)} ${message}` };
  }
  if (path[0] === 'address' && path.length > 1) {
    return { field, message: `${fieldLabel(String(path[1]))} ${message}` };
  }
  if (!path.length) return { field: 'input', message };
  return { field, message: `${placeName(path, own)} ${message}` };
}

/**
 * The values a platform hands over, keeping only the operation's own fields. Unknown keys are ignored here,
 * one way for every operation and both platforms: Zapier keeps the values of fields a later app version
 * removed in the Zaps built before, and they must not stop those Zaps. Own keys only, so a key named like
 * an Object.prototype member (`constructor`) is as unknown as any other.
 */
export function knownInput(fields: object, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => Object.hasOwn(fields, key)));
}

/** Where an amount sits in any operation's input: a line's amount or unit price, a payment's amount. */
const AMOUNT_KEYS = new Set(['amount', 'unit_price']);
const { amountUnit } = FIELDS.invoice;
const CURRENCY_UNITS = AMOUNT_UNIT_CHOICES.find((choice) => choice.value === 'main')!.label.split(' (')[0];

/**
 * An amount written as people write prices (a decimal point, digit grouping) where Amounts Are In says minor
 * units: the setting to change is named (an n8n node saved at version 1 counts paise unless told otherwise).
 */
function withUnitHint(issue: InputIssue, path: Array<string | number>, raw: unknown): InputIssue {
  if (!inMinorUnits(raw) || !AMOUNT_KEYS.has(String(path[path.length - 1]))) return issue;
  const value = path.reduce<unknown>((node, key) => (node == null ? undefined : (node as any)[key]), raw);
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!/^\d[\d,]*(\.\d+)?$/.test(text) || !/[.,]/.test(text)) return issue;
  const hint = `${amountUnit.label} is set to Minor Units; set it to ${CURRENCY_UNITS}`;
  return { ...issue, message: `${issue.message}. ${hint} to write amounts such as 1,500.00` };
}

/** One message per field (the first, most basic one): '' is both "required" and "not an e-mail address". */
function inputError(issues: z.ZodIssue[], raw: unknown, options: ValidateOptions): InputError {
  const byField = new Map<string, InputIssue>();
  const described = (entry: z.ZodIssue) => describe(entry, raw, options.typedAmounts === true, options.labels);
  for (const issue of issues.map((entry) => withUnitHint(described(entry), entry.path, raw))) {
    if (!byField.has(issue.field)) byField.set(issue.field, issue);
  }
  return new InputError([...byField.values()]);
}

interface ValidateOptions {
  typedAmounts?: boolean;
  /** The operation's own labels by key (its form's words), before the global ones. */
  labels?: OwnLabels;
}

/** Parses `raw` with `schema`, or throws an InputError listing every problem. */
export function validateInput<S extends z.ZodTypeAny>(
  schema: S,
  raw: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw inputError(result.error.issues, raw, options);
}

/**
 * Template syntax left in a value: "{{" and, after it, "}}" (docs/api-contract.md, "Template syntax in a
 * value"). Found with indexOf, not a regular expression, so a 1 MB value of braces costs one pass.
 */
export function holdsTemplate(text: string): boolean {
  const open = text.indexOf('{{');
  return open >= 0 && text.indexOf('}}', open + 2) >= 0;
}

/** Never quotes the value: a template may name a secret ({{bundle.authData.api_key}}). */
export const TEMPLATE_REFUSAL =
  'holds template syntax ({{…}}) that was not filled in: map a value from an earlier step instead, ' +
  'or remove the braces';

/** Every text value holding a template, at any depth of the input (line items, an address). */
function templateIssues(value: unknown, path: Array<string | number> = []): z.ZodIssue[] {
  if (typeof value === 'string')
    return holdsTemplate(value) ? [{ code: 'custom', path, message: TEMPLATE_REFUSAL }] : [];
  if (Array.isArray(value)) return value.flatMap((entry, index) => templateIssues(entry, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, entry]) => templateIssues(entry, [...path, key]));
  return [];
}

/**
 * What a connector was given, checked before any request: template syntax nobody filled in is refused in
 * any field (the connectors' rule; the service takes such text as any other), then `schema` as validateInput
 * checks it. Every problem is named at once.
 */
export function validateGiven<S extends z.ZodTypeAny>(
  schema: S,
  raw: unknown,
  options: ValidateOptions = {},
): z.output<S> {
  const templates = templateIssues(raw);
  if (!templates.length) return validateInput(schema, raw, options);
  const result = schema.safeParse(raw);
  throw inputError([...templates, ...(result.success ? [] : result.error.issues)], raw, options);
}

/**
 * Turns zod issues into sentences a Zap builder or workflow author can act on: each names the field
 * (by the label they see) and says what would be accepted. Nothing is sent while any issue stands.
 */
import type { z } from 'zod';
import { FIELDS, type FieldSpec } from './fields';
import { amountExample, formatMinor, isKnownCurrency, minorUnitName } from './money';
import { MAX_AMOUNT } from './schemas/primitives';

export interface InputIssue {
  /** Path in the input, e.g. `items[1].amount`. */
  field: string;
  /** The sentence shown to the user, label included. */
  message: string;
}

export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(readonly issues: InputIssue[]) {
    super(issues.length === 1 ? issues[0].message : `Please fix ${issues.length} fields: ${issues.map((i) => i.message).join('; ')}`);
  }
}

const LABELS: Record<string, string> = {};
for (const group of Object.values(FIELDS) as Array<Record<string, FieldSpec>>) {
  for (const spec of Object.values(group)) LABELS[spec.key] ??= spec.label;
}
LABELS.email = FIELDS.client.email.label;
LABELS.items = FIELDS.invoice.items.label;
LABELS.url = 'Webhook URL';
LABELS.events = 'Events';
LABELS.type = 'Event Type';
LABELS.starting_after = 'Starting After';
LABELS.reason = 'Dispute Reason';
LABELS.note = 'Note';
LABELS.channel = 'Channel';
LABELS.address = 'Address';

export function fieldLabel(key: string): string {
  return LABELS[key] ?? key;
}

function pathText(path: Array<string | number>): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index ? `.${part}` : part)).join('');
}

/** What the user calls the place in the input: "Item 2" for items[1], "Events entry 2" for events[1], else the label. */
function placeName(path: Array<string | number>): string {
  const last = path[path.length - 1];
  if (typeof last !== 'number') return fieldLabel(String(last));
  const owner = path[path.length - 2];
  return owner === 'items' ? `Item ${last + 1}` : `${fieldLabel(String(owner))} entry ${last + 1}`;
}

function amountMessage(issue: z.ZodIssue, raw: unknown, currency: string): string {
  const unit = minorUnitName(currency);
  const example = amountExample(currency);
  if (issue.code === 'too_small') return `cannot be negative; enter a whole number of ${unit}, e.g. ${example}`;
  if (issue.code === 'too_big') return `must be at most ${MAX_AMOUNT} ${unit} (${formatMinor(MAX_AMOUNT, currency)})`;
  const base = `must be a whole number of ${unit}, e.g. ${example}`;
  if (raw === undefined || raw === null || raw === '') return `is required: ${base}`;
  const text = String(raw).trim();
  if (/^\d+\.\d+$/.test(text)) return `${base} (you entered ${text}: amounts are in ${unit}, without a decimal point)`;
  return base;
}

function describe(issue: z.ZodIssue, raw: unknown): InputIssue {
  const path = issue.path;
  const field = pathText(path);
  const currencyRaw = (raw as Record<string, unknown> | undefined)?.currency;
  const currency = typeof currencyRaw === 'string' && isKnownCurrency(currencyRaw.trim().toUpperCase())
    ? currencyRaw.trim().toUpperCase() : 'INR';

  if (issue.code === 'unrecognized_keys') {
    const where = path.length ? `${placeName(path)}: ` : '';
    return { field: issue.keys.map((key) => pathText([...path, key])).join(', '), message: `${where}unexpected field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}` };
  }

  const valueAt = path.reduce<unknown>((node, key) => (node == null ? undefined : (node as any)[key]), raw);
  let message = issue.message;
  if (issue.code === 'invalid_type' && valueAt === undefined) message = 'is required';

  if (path[0] === 'items' && typeof path[1] === 'number') {
    const position = `Item ${path[1] + 1}`;
    const key = path[2];
    if (key === 'amount') {
      // Custom issues come from shared/amounts.ts and already name the accepted forms.
      const text = issue.code === 'custom' ? issue.message : amountMessage(issue, valueAt, currency);
      return { field, message: `${position}: amount ${text}` };
    }
    if (key === undefined) return { field, message: `${position} must have a description and an amount` };
    return { field, message: `${position}: ${String(key)} ${message}` };
  }
  if (path[0] === 'address' && path.length > 1) {
    return { field, message: `${fieldLabel(String(path[1]))} ${message}` };
  }
  if (!path.length) return { field: 'input', message };
  return { field, message: `${placeName(path)} ${message}` };
}

/** Parses `raw` with `schema`, or throws an InputError listing every problem. */
export function validateInput<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  // One message per field (the first, most basic one): '' is both "required" and "not an e-mail address".
  const seen = new Set<string>();
  const issues = result.error.issues.map((issue) => describe(issue, raw))
    .filter((issue) => (seen.has(issue.field) ? false : (seen.add(issue.field), true)));
  throw new InputError(issues);
}

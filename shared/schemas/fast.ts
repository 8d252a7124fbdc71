/**
 * A fast path in front of zod for the inputs and answers of every call. zod 3 allocates a context, a
 * status and closures for every node it visits, which made validation the largest part of the
 * connectors' own time per call inside n8n's engine, where our code runs cold between calls.
 *
 * A schema is compiled once into plain functions that accept only what the schema certainly accepts
 * and return exactly what zod would return. On anything else (a failed check, an unusual value, a zod
 * type not handled here) they answer UNSURE and zod runs as before, so zod stays the one definition of
 * every rule and every message. Leaves with checks not handled here are handed to zod whole.
 */
import { z } from 'zod';

const UNSURE = Symbol('unsure');
type Fast = (value: unknown) => unknown;

/** The value zod would return for a valid `value`, or undefined when zod must decide (and explain). */
export function parseFast<S extends z.ZodTypeAny>(schema: S, value: unknown): { data: z.output<S> } | undefined {
  const data = compile(schema)(value);
  return data === UNSURE ? undefined : { data: data as z.output<S> };
}

/** zod's `safeParse`, answered without zod when the fast path is sure. */
export function safeParse<S extends z.ZodTypeAny>(schema: S, value: unknown): z.SafeParseReturnType<z.input<S>, z.output<S>> {
  const fast = parseFast(schema, value);
  return fast ? { success: true, data: fast.data } : schema.safeParse(value);
}

const compiled = new WeakMap<z.ZodTypeAny, Fast>();
function compile(schema: z.ZodTypeAny): Fast {
  let fast = compiled.get(schema);
  if (!fast) {
    fast = build(schema) ?? byZod(schema);
    compiled.set(schema, fast);
  }
  return fast;
}

const byZod = (schema: z.ZodTypeAny): Fast => (value) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : UNSURE;
};

// Effects are synchronous and called one at a time, so one context serves them all.
let issues = 0;
const effectContext = { addIssue: () => void (issues += 1), path: [] as (string | number)[] };
function runEffect<T>(effect: (value: unknown, context: typeof effectContext) => T, value: unknown): T | typeof UNSURE {
  issues = 0;
  const result = effect(value, effectContext);
  return issues ? UNSURE : result;
}

/** What zod calls an object: anything of type object but null, an array, a promise, a Map, a Set or a Date. */
function isObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value instanceof Map || value instanceof Set || value instanceof Date) return false;
  const { then, catch: onCatch } = value as { then?: unknown; catch?: unknown };
  return !(typeof then === 'function' && typeof onCatch === 'function');
}

type Check = { kind: string; value?: number; inclusive?: boolean; regex?: RegExp };

function build(schema: z.ZodTypeAny): Fast | undefined {
  const def = schema._def;
  if (def.coerce) return undefined;
  switch (def.typeName) {
    case 'ZodString': return stringOf(def.checks);
    case 'ZodNumber': return numberOf(def.checks);
    case 'ZodBoolean': return (value) => (typeof value === 'boolean' ? value : UNSURE);
    case 'ZodLiteral': return (value) => (value === def.value ? value : UNSURE);
    case 'ZodUnknown': return (value) => value;
    case 'ZodOptional': return orElse(undefined, compile(def.innerType));
    case 'ZodNullable': return orElse(null, compile(def.innerType));
    case 'ZodArray': return arrayOf(def);
    case 'ZodObject': return objectOf(schema as z.AnyZodObject);
    case 'ZodDiscriminatedUnion': {
      const options = new Map([...def.optionsMap].map(([key, option]) => [key, compile(option)]));
      return (value) => (isObject(value) ? options.get(value[def.discriminator])?.(value) ?? UNSURE : UNSURE);
    }
    case 'ZodEffects': return effectsOf(def);
    default: return undefined;
  }
}

const orElse = (empty: undefined | null, inner: Fast): Fast => (value) => (value === empty ? empty : inner(value));

function stringOf(checks: Check[]): Fast | undefined {
  // A global or sticky pattern keeps state between tests; zod resets it, so those stay with zod.
  const handled = (check: Check) => ['trim', 'toUpperCase', 'min', 'max'].includes(check.kind)
    || (check.kind === 'regex' && !check.regex!.global && !check.regex!.sticky);
  if (!checks.every(handled)) return undefined;
  return (value) => {
    if (typeof value !== 'string') return UNSURE;
    let text = value;
    for (const { kind, value: limit, regex } of checks) {
      if (kind === 'trim') text = text.trim();
      else if (kind === 'toUpperCase') text = text.toUpperCase();
      else if (kind === 'min' ? text.length < limit! : kind === 'max' ? text.length > limit! : !regex!.test(text)) return UNSURE;
    }
    return text;
  };
}

function numberOf(checks: Check[]): Fast | undefined {
  if (!checks.every((check) => ['int', 'min', 'max'].includes(check.kind))) return undefined;
  return (value) => {
    if (typeof value !== 'number' || Number.isNaN(value)) return UNSURE;
    for (const { kind, value: limit, inclusive } of checks) {
      if (kind === 'int' ? !Number.isInteger(value)
        : kind === 'min' ? (inclusive ? value < limit! : value <= limit!)
          : (inclusive ? value > limit! : value >= limit!)) return UNSURE;
    }
    return value;
  };
}

function arrayOf(def: z.ZodArrayDef): Fast | undefined {
  if (def.exactLength) return undefined;
  const item = compile(def.type);
  const min = def.minLength?.value ?? 0;
  const max = def.maxLength?.value ?? Infinity;
  return (value) => {
    if (!Array.isArray(value) || value.length < min || value.length > max) return UNSURE;
    const parsed = new Array(value.length);
    for (let index = 0; index < value.length; index += 1) {
      parsed[index] = item(value[index]);
      if (parsed[index] === UNSURE) return UNSURE;
    }
    return parsed;
  };
}

function objectOf(schema: z.AnyZodObject): Fast | undefined {
  const { unknownKeys, catchall } = schema._def;
  if (!(catchall instanceof z.ZodNever)) return undefined;
  const shape = schema.shape as Record<string, z.ZodTypeAny>;
  const keys = Object.keys(shape);
  const fields = keys.map((key) => compile(shape[key]));
  return (value) => {
    if (!isObject(value)) return UNSURE;
    const parsed: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index];
      const field = fields[index](value[key]);
      if (field === UNSURE) return UNSURE;
      // As zod: a key left out stays out, a key given as undefined stays.
      if (key !== '__proto__' && (field !== undefined || key in value)) parsed[key] = field;
    }
    if (unknownKeys === 'strip') return parsed;
    for (const key in value) {
      if (Object.hasOwn(shape, key)) continue;
      if (unknownKeys === 'strict') return UNSURE;
      if (key !== '__proto__' && value[key] !== undefined) parsed[key] = value[key];
    }
    return parsed;
  };
}

function effectsOf(def: z.ZodEffectsDef): Fast {
  const inner = compile(def.schema);
  const { effect } = def;
  if (effect.type === 'preprocess') {
    return (value) => {
      const processed = runEffect(effect.transform, value);
      return processed === UNSURE ? UNSURE : inner(processed);
    };
  }
  return (value) => {
    const parsed = inner(value);
    if (parsed === UNSURE) return UNSURE;
    if (effect.type === 'transform') return runEffect(effect.transform, parsed);
    return runEffect(effect.refinement, parsed) === UNSURE ? UNSURE : parsed;
  };
}

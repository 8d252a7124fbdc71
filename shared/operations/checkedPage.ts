/**
 * A list page read through a fast check first (shared/schemas/fastChecks.ts): when the contract's
 * generated check passes, the page is taken as zod would have returned it, without zod's per-field work;
 * when it fails, or no check was built in, zod reads the page and its issue names the field.
 */
import { z } from 'zod';
import { parseBody } from '../errors';
import type { FastCheck } from '../schemas/fastChecks';
import { presentedPage } from './define';

type Copy = (value: unknown) => unknown;

/**
 * A copy of a value the check accepted, keys in the order zod's parse writes them (the schema's keys, then
 * any others as they came), so the items a workflow sees are the same to the byte either way.
 */
function copyLike(schema: z.ZodTypeAny): Copy {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    const inner = copyLike(schema.unwrap());
    return (value) => (value === null || value === undefined ? value : inner(value));
  }
  if (schema instanceof z.ZodArray) {
    const each = copyLike(schema.element);
    return (value) => (value as unknown[]).map(each);
  }
  if (!(schema instanceof z.ZodObject)) return (value) => value;
  const fields = Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [key, copyLike(field)] as const);
  const known = new Set(fields.map(([key]) => key));
  return (value) => {
    const given = value as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const [key, copyField] of fields) if (given[key] !== undefined) copy[key] = copyField(given[key]);
    // zod leaves out an own `__proto__` key too.
    for (const key of Object.keys(given)) if (!known.has(key) && key !== '__proto__') copy[key] = given[key];
    return copy;
  };
}

export function checkedPage<S extends z.ZodTypeAny, T>(
  item: S,
  present: (value: z.output<S>) => T,
  check: FastCheck | undefined,
) {
  const withZod = presentedPage(item, present);
  if (!check) return withZod;
  const copy = copyLike(item);
  return (body: unknown) => {
    const parsed = parseBody(body) as { data: unknown[]; has_more: boolean };
    if (!check(parsed)) return withZod(parsed);
    return {
      object: 'list' as const,
      data: parsed.data.map((value) => present(copy(value) as z.output<S>)),
      has_more: parsed.has_more,
    };
  };
}

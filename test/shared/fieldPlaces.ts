/**
 * Where a value can go in an operation's input, for the suites that put one value in every field: each key of
 * its shape, and each key of an object inside a key (a line item's, an address's), with a line's own required
 * keys filled beside it so the value is judged in its place.
 */
import { z } from 'zod';
import { shapeOf } from '../../shared';

export interface Place {
  /** The field's path as InputError names it: `note`, `items[0].hsn_sac`. */
  path: string;
  /** The key its label is read by. */
  key: string;
  /** The input holding `value` there. */
  input(value: string): Record<string, unknown>;
}

function inner(type: z.ZodTypeAny): { shape: z.ZodRawShape; list: boolean } | undefined {
  if (type instanceof z.ZodEffects) return inner(type.innerType());
  if (type instanceof z.ZodOptional || type instanceof z.ZodNullable) return inner(type.unwrap());
  if (type instanceof z.ZodPipeline) return inner(type._def.out);
  if (type instanceof z.ZodArray) {
    const element = inner(type.element);
    return element && { ...element, list: true };
  }
  return type instanceof z.ZodObject ? { shape: type.shape, list: false } : undefined;
}

export function places(schema: z.ZodTypeAny): Place[] {
  return Object.entries(shapeOf(schema)).flatMap(([key, type]): Place[] => {
    const own: Place = { path: key, key, input: (value) => ({ [key]: value }) };
    const nested = inner(type);
    if (!nested) return [own];
    return [
      own,
      ...Object.keys(nested.shape).map(
        (child): Place => ({
          path: nested.list ? `${key}[0].${child}` : `${key}.${child}`,
          key: child,
          input: (value) => {
            const entry = { description: 'Design', amount: '1', [child]: value };
            return { [key]: nested.list ? [entry] : entry };
          },
        }),
      ),
    ];
  });
}

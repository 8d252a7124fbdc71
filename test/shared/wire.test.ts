/**
 * A field is declared once and reaches the wire: for every single-request operation, every field it
 * declares (its `fields`, which both editors show) travels in the request it builds (path, header, query
 * or body), unless the operation reads it and never sends it (`inputOnly`, Amounts Are In); and every
 * field its resource echoes (the catalogue does not mark it `inputOnly`) is in the answer's schema and
 * in its sample, so Zapier's sample and outputFields show it. The registry is the list: a new operation
 * or field is covered here without an edit.
 */
import { z } from 'zod';
import { defineOperation, operations, shapeOf, type Operation } from '../../shared';
import { flatKeys } from '../../zapier/src/fields';

const connection = { apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' };

const single = Object.entries(operations as Record<string, unknown>).filter(
  (entry): entry is [string, Operation] => typeof (entry[1] as Operation).request === 'function',
);

function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodEffects) return unwrap(schema.innerType());
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrap(schema.unwrap());
  if (schema instanceof z.ZodDefault) return unwrap(schema.removeDefault());
  return schema;
}

/** An input with every key of the schema set, each leaf a marker naming its key (`~client_email~`). */
function markedInput(schema: z.ZodTypeAny, key = ''): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    return Object.fromEntries(
      Object.entries(inner.shape as z.ZodRawShape).map(([child, value]) => [child, markedInput(value, child)]),
    );
  }
  if (inner instanceof z.ZodArray) return [markedInput(inner.element, key)];
  return `~${key}~`;
}

/** Where a value can travel in a request: its URL (path and query), its headers, its body. */
const travelled = (request: { url: string; headers: object; body?: unknown }) =>
  `${decodeURIComponent(request.url)} ${JSON.stringify(request.headers)} ${JSON.stringify(request.body ?? null)}`;

/** The flat output keys a zod answer schema allows, as Zapier names them (`upi__utr`, `items[]amount`). */
function schemaKeys(schema: z.ZodTypeAny, prefix = ''): string[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) return schemaKeys(inner.element, `${prefix}[]`);
  if (!(inner instanceof z.ZodObject)) return [prefix];
  return Object.entries(inner.shape as z.ZodRawShape).flatMap(([key, child]) => {
    const path = prefix ? (prefix.endsWith('[]') ? `${prefix}${key}` : `${prefix}__${key}`) : key;
    return [path, ...schemaKeys(child, path)];
  });
}

/** A list answers a page; each of its items is what the fields are about. */
function itemOf(schema: z.ZodTypeAny, sample: unknown): { schema: z.ZodTypeAny; sample: object } {
  const shape = shapeOf(schema);
  const list = shape.data && unwrap(shape.data);
  if (list instanceof z.ZodArray) return { schema: list.element, sample: (sample as { data: object[] }).data[0] };
  return { schema, sample: sample as object };
}

describe.each(single)('%s', (_name, operation) => {
  const sentAnyway = new Set(operation.inputOnly ?? []);

  test('every field it declares reaches the request', () => {
    const request = travelled(operation.request(connection, markedInput(operation.input) as never));
    const unsent = Object.values(operation.fields)
      .filter(
        (spec) =>
          !sentAnyway.has(spec.key) && !request.includes(`~${spec.key}~`) && !request.includes(`"${spec.key}":`),
      )
      .map((spec) => spec.key);
    expect(unsent).toEqual([]);
  });

  test("every field its resource echoes is in the answer's schema and its sample", () => {
    if (!operation.response || operation.sample === undefined) return;
    const answer = itemOf(operation.response as z.ZodTypeAny, operation.sample);
    // A field's place in the answer, unless the catalogue says otherwise, is its place in the input (`items[]amount`).
    const places = flatKeys(markedInput(operation.input) as object);
    const placeOf = (key: string) => places.find((place) => place.replace(/^.*(__|\[\])/, '') === key) ?? key;
    const echoed = Object.values(operation.fields)
      .filter((spec) => !spec.inputOnly && !sentAnyway.has(spec.key))
      .map((spec) => spec.shownAt ?? placeOf(spec.key));
    const sampled = flatKeys(answer.sample);
    const allowed = schemaKeys(answer.schema);
    expect(echoed.filter((key) => !allowed.includes(key))).toEqual([]);
    expect(echoed.filter((key) => !sampled.includes(key))).toEqual([]);
  });
});

describe('where each input key travels is checked when the module loads', () => {
  const wire = z.object({ email: z.string() }).strict();
  const definition = {
    method: 'POST',
    path: '/clients',
    status: 201,
    contract: 'the-client-resource',
    result: (body: unknown) => body,
  } as const;

  test('a key that is neither on the wire nor input-only stops the definition', () => {
    expect(() =>
      defineOperation({ ...definition, input: wire.extend({ nickname: z.string() }), bodySchema: wire }),
    ).toThrow('POST /clients: input nickname is neither in the body schema nor listed in inputOnly');
  });

  test('a body key no input gives stops it too', () => {
    expect(() => defineOperation({ ...definition, input: z.object({}), bodySchema: wire })).toThrow(
      'POST /clients: body key email is not an input key',
    );
  });

  test('declared input-only, nested or on the wire, it loads and sends exactly the wire keys', () => {
    const input = wire.extend({ nickname: z.string(), utr: z.string().optional() });
    const body = z.object({ email: z.string(), upi: z.object({ utr: z.string() }).optional() });
    const operation = defineOperation({
      ...definition,
      input,
      bodySchema: body,
      inputOnly: ['nickname'],
      nested: { upi: ['utr'] },
    });
    expect(operation.request(connection, { email: 'a@b.in', nickname: 'A', utr: '1' }).body).toEqual({
      email: 'a@b.in',
      upi: { utr: '1' },
    });
    expect(operation.request(connection, { email: 'a@b.in', nickname: 'A' }).body).toEqual({ email: 'a@b.in' });
  });
});

/**
 * Every answer field the connectors read, as rows: the connectors read each answer with the operation's
 * response schema (shared/operations), and docs/openapi.json is generated from those schemas, so walking the
 * document's response and webhook schemas lists exactly the fields read. A field of a named schema is one row
 * wherever it appears (`Invoice.amount_due` in a create, a list, an event), so one drift is one row; each row
 * checks only its own level (an object's row: that it is an object; its fields: their own rows).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Schema = Record<string, any>;
export type Document = {
  paths: Record<string, Record<string, any>>;
  webhooks?: Record<string, any>;
  components: { schemas: Record<string, Schema> };
};

/** Where a value sits: the row it belongs to, the parent holding it, and whether the parent must hold it. */
export interface Place {
  row: string;
  parent: Record<string, unknown>;
  key: string;
  required: boolean;
  pointer: string;
}

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export function fieldWalker(document: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (schema: Schema): Schema =>
    schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema;
  const refName = (schema: Schema) => (schema?.$ref ? String(schema.$ref).split('/').pop()! : undefined);
  const pointerOf = (schema: Schema, pointer: string) =>
    schema?.$ref ? `#/components/schemas/${refName(schema)}` : pointer;

  /** The members a value may be, when the schema is a choice (a nullable ref, the event union). */
  const members = (schema: Schema, pointer: string): Array<[Schema, string]> => {
    const resolved = resolve(schema);
    const base = pointerOf(schema, pointer);
    const choice = resolved.oneOf ? 'oneOf' : resolved.anyOf ? 'anyOf' : undefined;
    return choice
      ? resolved[choice].flatMap((member: Schema, index: number) => members(member, `${base}/${choice}/${index}`))
      : [[schema, base]];
  };

  const jsonType = (value: unknown) =>
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
  const typeAllows = (schema: Schema, type: string): boolean => {
    const resolved = resolve(schema);
    if (resolved.oneOf || resolved.anyOf)
      return (resolved.oneOf ?? resolved.anyOf).some((member: Schema) => typeAllows(member, type));
    const types: string[] =
      resolved.type === undefined
        ? resolved.properties
          ? ['object']
          : ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']
        : [resolved.type].flat();
    return types.includes(type) || (type === 'integer' && types.includes('number'));
  };
  const composite = (schema: Schema) =>
    members(schema, '').some(([member]) => {
      const resolved = resolve(member);
      return Boolean(resolved.properties || resolved.items);
    });

  /** What is wrong with one value at its own level (undefined when nothing). */
  function problem(schema: Schema, pointer: string, value: unknown): string | undefined {
    if (composite(schema)) {
      return typeAllows(schema, jsonType(value))
        ? undefined
        : `is ${jsonType(value)}, not what the document says (${describe(schema)})`;
    }
    const ref = `openapi.json${pointerOf(schema, pointer)}`;
    if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
    const validate = compiled.get(ref)!;
    return validate(value)
      ? undefined
      : `${JSON.stringify(value)?.slice(0, 80)} ` +
          validate.errors!.map((error) => `${error.instancePath} ${error.message}`.trim()).join('; ');
  }
  const describe = (schema: Schema): string =>
    members(schema, '')
      .map(([member]) => refName(member) ?? [resolve(member).type ?? 'object'].flat().join('|'))
      .join(' or ');

  /**
   * The member a value is, for a choice: by its `type` where the members say one, else the first whose
   * type allows it.
   */
  function choose(schema: Schema, pointer: string, value: unknown): [Schema, string] | undefined {
    const all = members(schema, pointer);
    if (all.length === 1) return all[0];
    const typed = (value as { type?: unknown } | null)?.type;
    const byType = all.find(([member]) => {
      const type = resolve(member).properties?.type;
      return type && (type.const === typed || type.enum?.includes(typed));
    });
    return byType ?? all.find(([member]) => typeAllows(member, jsonType(value)));
  }

  /**
   * Visits every place the schema declares in a value (present or not), with its row; `named` is the row prefix
   * where no named schema has been entered yet (an operation's inline list envelope).
   */
  function walk(
    schema: Schema,
    pointer: string,
    value: unknown,
    named: string,
    visit: (place: Place, schema: Schema) => void,
  ): void {
    const chosen = choose(schema, pointer, value);
    if (!chosen || value === null || value === undefined) return;
    const [member, memberPointer] = chosen;
    const prefix = refName(member) ?? named;
    const resolved = resolve(member);
    if (resolved.properties && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, property] of Object.entries(resolved.properties as Record<string, Schema>)) {
        const place = {
          row: `${prefix}.${key}`,
          parent: value as Record<string, unknown>,
          key,
          required: (resolved.required ?? []).includes(key),
          pointer: `${memberPointer}/properties/${escape(key)}`,
        };
        visit(place, property);
        walk(property, place.pointer, (value as Record<string, unknown>)[key], place.row, visit);
      }
    } else if (resolved.items && Array.isArray(value)) {
      for (const item of value) walk(resolved.items, `${memberPointer}/items`, item, `${prefix}[]`, visit);
    }
  }

  /** Every row the schema declares, whether or not an answer ever carries it. */
  function rows(schema: Schema, named: string, seen = new Set<string>()): string[] {
    const found: string[] = [];
    for (const [member] of members(schema, '')) {
      const name = refName(member);
      if (name && seen.has(name)) continue;
      if (name) seen.add(name);
      const prefix = name ?? named;
      const resolved = resolve(member);
      for (const [key, property] of Object.entries((resolved.properties ?? {}) as Record<string, Schema>)) {
        found.push(`${prefix}.${key}`, ...rows(property, `${prefix}.${key}`, seen));
      }
      if (resolved.items) found.push(...rows(resolved.items, `${prefix}[]`, seen));
    }
    return found;
  }

  /** The answer schemas by operation, status and webhook: where the walk starts. */
  function answerSchema(method: string, template: string, status: number): [Schema, string] | undefined {
    const responses = document.paths[template]?.[method.toLowerCase()]?.responses ?? {};
    // A success with another status than the documented one is still read as the documented success.
    if (!responses[String(status)] && status >= 200 && status < 300)
      status = Number(Object.keys(responses).find((code) => code.startsWith('2')));
    const response = responses[String(status)];
    const media = response?.content && Object.keys(response.content)[0];
    if (!media) return undefined;
    return [
      response.content[media].schema,
      `#/paths/${escape(template)}/${method.toLowerCase()}/responses/${status}/content/${escape(media)}/schema`,
    ];
  }
  function webhookSchema(type: string): [Schema, string] | undefined {
    const body = document.webhooks?.[type]?.post?.requestBody?.content?.['application/json'];
    return body
      ? [body.schema, `#/webhooks/${escape(type)}/post/requestBody/content/application~1json/schema`]
      : undefined;
  }

  const operationId = (method: string, template: string) =>
    String(document.paths[template]?.[method.toLowerCase()]?.operationId ?? '');

  return { walk, rows, operationId, problem, answerSchema, webhookSchema, typeAllows, jsonType, resolve };
}

export type FieldWalker = ReturnType<typeof fieldWalker>;

/** A value of a JSON type the place's schema does not allow: the drifting proxy's change for a field row. */
export function wrongValue(walker: FieldWalker, schema: Schema): unknown {
  const candidates: unknown[] = ['drifted', 1.5, true, { drifted: true }, ['drifted']];
  return candidates.find((candidate) => !walker.typeAllows(schema, walker.jsonType(candidate)));
}

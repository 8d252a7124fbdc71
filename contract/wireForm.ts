/**
 * The wire's form of every request schema in docs/openapi.json (docs/api-contract.md, "What the wire reads"):
 * the core's zod is also the editors' schema, which reads `null` and blanks as "not given", so the generator
 * marks optional inputs nullable; the wire carries no `null` and no text with spaces around it. Applied to the
 * requests only: an answer's `null` (a due date not set) is the service's to send.
 */
import { TRIMMED } from '../shared/schemas/wireKeywords';

type Schema = Record<string, unknown>;

function spaceless(pattern: unknown): boolean {
  if (pattern === TRIMMED) return true;
  if (typeof pattern !== 'string' || !pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  const outsideClasses = pattern.replace(/\[(?:\\.|[^\]\\])*\]/g, 'c');
  const classes = pattern.match(/\[(?:\\.|[^\]\\])*\]/g) ?? [];
  return !/\\[sSWD]|(^|[^\\])\.|\s/.test(outsideClasses) && classes.every((set) => !/^\[\^|\\[sSWD]| /.test(set));
}

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'not', 'if', 'then', 'else', 'contains', 'additionalProperties'];

/** One schema and everything inside it, in place. */
export function wireSchema(node: unknown): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Schema;
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    schema.type = types.length === 1 ? types[0] : types;
  }
  if (Array.isArray(schema.enum)) schema.enum = schema.enum.filter((value) => value !== null);
  const text = schema.type === 'string' && schema.enum === undefined && schema.const === undefined;
  // A format (date, email, uri) admits no white space around it already, nor does an anchored pattern of
  // bracketed classes without a space or a negation (`^inv_[A-Za-z0-9_]+$`).
  if (text && schema.format === undefined && !spaceless(schema.pattern)) {
    if (schema.pattern === undefined) schema.pattern = TRIMMED;
    else schema.allOf = [...((schema.allOf as unknown[]) ?? []), { pattern: TRIMMED }];
  }
  for (const key of SUBSCHEMAS) wireSchema(schema[key]);
  for (const key of SUBSCHEMA_LISTS) for (const inner of (schema[key] as unknown[]) ?? []) wireSchema(inner);
  for (const inner of Object.values((schema.properties as Schema) ?? {})) wireSchema(inner);
}

interface OperationObject {
  parameters?: Array<{ schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

/** Every operation's parameters and request body, in place. */
export function wireForm(document: { paths?: object }): void {
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, OperationObject>>)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) wireSchema(parameter.schema);
      for (const media of Object.values(operation.requestBody?.content ?? {})) wireSchema(media.schema);
    }
  }
}

/**
 * The wire's form (docs/api-contract.md, "What the wire reads"), checked before a route reads a request: each
 * request of an operation docs/openapi.json describes must be valid by that document's schemas (the query read
 * by each parameter's type, the query as one object by `x-query-schema`, the JSON body), so the sandbox refuses
 * what a client generated from the document is told is invalid. The routes (the core's zod, the domain) then
 * check the rules the document names with `x-rule` (a GSTIN's check character, a cursor naming an item). Path ids and
 * headers are the routes' (an id that names nothing is a 404 whatever its form).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
// Bundled in, so a sandbox built anywhere (sandbox/dist, a test's temporary folder) checks the same document.
import openApiDocument from '../../docs/openapi.json';
import { Problem } from '../domain/problems';
import { TRIMMED } from '../../shared/schemas/wireKeywords';

type Schema = Record<string, any>;

interface WireOperation {
  method: string;
  pattern: RegExp;
  query?: { types: Record<string, string>; validate: ValidateFunction };
  body?: { required: boolean; validate: ValidateFunction };
}

/** `multipleOfPrecision`: 0.3 is a multiple of 0.001 although 0.3 / 0.001 is not an integer in binary. */
const newAjv = () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  return ajv;
};

function compile(document: Schema): WireOperation[] {
  const ajv = newAjv();
  return Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
      const parameters = ((operation.parameters ?? []) as Schema[]).filter((parameter) => parameter.in === 'query');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}/?$`),
        query: parameters.length
          ? {
              types: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema?.type])),
              validate: ajv.compile({
                type: 'object',
                properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
                required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
                ...operation['x-query-schema'],
              }),
            }
          : undefined,
        body: body ? { required: Boolean(operation.requestBody.required), validate: ajv.compile(body) } : undefined,
      };
    }),
  );
}

let operations: WireOperation[] | undefined;

/** A query's text read as its parameter's type says (OpenAPI's form style): digits a number, true/false. */
function readQuery(query: Record<string, string>, types: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, text]) => {
      const type = types[name];
      if ((type === 'integer' || type === 'number') && /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text))
        return [name, Number(text)];
      if (type === 'boolean' && (text === 'true' || text === 'false')) return [name, text === 'true'];
      return [name, text];
    }),
  );
}

/** Where the error is, as the problem's `param` names fields (`items[0].amount`). */
function paramOf(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1);
  const extra = error.params as { missingProperty?: string; additionalProperty?: string };
  const named = extra.missingProperty ?? extra.additionalProperty;
  if (named !== undefined) parts.push(named);
  return parts.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/** What the wire takes instead, for the forms the editors are lenient with; else the validator's own words. */
function why(error: ErrorObject): string {
  const { keyword, data, params } = error as ErrorObject & { data: unknown };
  if (keyword === 'type' && data === null) return 'must be left out, not sent as null (the wire reads no null)';
  if (keyword === 'type' && typeof data === 'string')
    return `must be a JSON ${(params as { type: string }).type}, not text`;
  if (keyword === 'pattern' && (params as { pattern: string }).pattern === TRIMMED)
    return 'must be sent without spaces around it (and not blank)';
  if (keyword === 'additionalProperties') return 'is not a field of this request';
  return error.message ?? 'is not valid';
}

function refusal(errors: ErrorObject[], where: string): Problem {
  // The innermost reasons: an `if` failing says only that its branch did.
  const list = errors
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({ param: paramOf(error) || where, message: `${paramOf(error) || where} ${why(error)}` }));
  return new Problem(
    422,
    'validation_failed',
    `The ${where} is not in the form docs/openapi.json states: ${list[0].message} ` +
      '(docs/api-contract.md, "What the wire reads").',
    list,
  );
}

export interface WireRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Undefined when the request is in the document's form (or no operation of the document is at this path);
 * otherwise the 422 to answer (api.ts answers the core's own refusal instead, in its words, when it has one).
 */
export function wireProblem(request: WireRequest): Problem | undefined {
  operations ??= compile(openApiDocument as Schema);
  const operation = operations.find((item) => item.method === request.method && item.pattern.test(request.path));
  if (!operation) return undefined;
  if (operation.query && !operation.query.validate(readQuery(request.query, operation.query.types)))
    return refusal(operation.query.validate.errors ?? [], 'query');
  if (operation.body && (request.body !== undefined || operation.body.required)) {
    if (request.body === undefined) return undefined; // the route answers a missing body (400 body_required)
    if (!operation.body.validate(request.body)) return refusal(operation.body.validate.errors ?? [], 'body');
  }
  if (!operation.body && request.body !== undefined && Object.keys(request.body as object).length > 0)
    return new Problem(422, 'validation_failed', 'This request takes no body fields.', [
      { param: Object.keys(request.body as object)[0], message: 'is not a field of this request' },
    ]);
  return undefined;
}

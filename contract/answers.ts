/**
 * Checks an API answer against docs/openapi.json: the status is one the document lists for that path and
 * method, the body matches that status's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), and the
 * required headers are there. Used by the test suite on every sandbox answer and by the conformance run.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
};
type ResponseObject = {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema: unknown }>;
};

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const pointer = (parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function answerChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));

  /** The path template an actual path is an instance of, if the document has one. */
  const templateOf = (path: string) => templates.find((entry) => entry.pattern.test(path))?.template;

  /** What is wrong with an answer, or [] when it matches; undefined when the document does not describe the call. */
  function check(method: string, path: string, answer: Answer): string[] | undefined {
    const template = templateOf(path);
    const operation = template && document.paths[template][method.toLowerCase()];
    if (!template || !operation) return undefined;
    const response = operation.responses[String(answer.status)];
    const where = `${method} ${template} → ${answer.status}`;
    if (!response)
      return [`${where}: the document lists no such status (${Object.keys(operation.responses).join(', ')})`];
    const problems: string[] = [];
    const headers = Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && headers[name.toLowerCase()] === undefined)
        problems.push(`${where}: header ${name} is missing`);
    }
    const media = Object.keys(response.content ?? {})[0];
    if (!media) return problems;
    const ref =
      'openapi.json#/' +
      pointer([
        'paths',
        template,
        method.toLowerCase(),
        'responses',
        String(answer.status),
        'content',
        media,
        'schema',
      ]);
    if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
    const validate = compiled.get(ref)!;
    if (!validate(answer.body)) {
      problems.push(
        `${where}: body ${validate.errors!.map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ')}`,
      );
    }
    return problems;
  }

  /** What is wrong with a delivered event's body, as the document's webhook of that type says it. */
  function checkWebhook(type: string, event: unknown): string[] {
    if (!document.webhooks?.[type]) return [`no webhook ${JSON.stringify(type)} in the document`];
    const ref =
      'openapi.json#/' + pointer(['webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema']);
    if (!compiled.has(ref)) compiled.set(ref, ajv.compile({ $ref: ref }));
    const validate = compiled.get(ref)!;
    return validate(event)
      ? []
      : validate.errors!.map((error) => `${type} ${error.instancePath || '/'} ${error.message}`);
  }

  return { check, checkWebhook, templateOf };
}

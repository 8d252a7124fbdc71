/** docs/openapi.json is what `npm run openapi` writes today, and a valid OpenAPI 3.1 document. */
import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument, openApiText } from '../../contract/openapi';
import { EVENT_TYPES, operations } from '../../shared';

const committed = readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8');

test('the committed docs/openapi.json is the generated one (run `npm run openapi` after changing an operation)', () => {
  expect(committed).toBe(openApiText(openApiDocument()));
});

test('an OpenAPI validator finds it valid', async () => {
  const result = await validate(JSON.parse(committed));
  expect(result.valid ? [] : result.errors).toEqual([]);
  expect(result.valid).toBe(true);
});

test('every single-request operation is a path, every event a webhook, each pointing at its contract section', () => {
  const document = JSON.parse(committed);
  const documented = Object.values(document.paths)
    .flatMap((item) => Object.values(item as object))
    .map((operation: { operationId: string; 'x-contract': string }) => operation);
  const single = Object.entries(operations)
    .filter(([, operation]) => 'method' in operation)
    .map(([name]) => name);
  expect(documented.map((operation) => operation.operationId).sort()).toEqual(single.sort());
  const contract = readFileSync(path.join(__dirname, '..', '..', 'docs', 'api-contract.md'), 'utf8');
  const anchors = new Set(
    contract
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) =>
        line
          .replace(/^#+\s*/, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s-]/gu, '')
          .replace(/\s/g, '-'),
      ),
  );
  for (const operation of documented) expect(anchors).toContain(operation['x-contract'].split('#')[1]);
  expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
  expect(contract).toContain('docs/openapi.json');
});

test('every JSON pointer docs/api-contract.md gives into docs/openapi.json leads somewhere', () => {
  const document = JSON.parse(committed);
  const contract = readFileSync(path.join(__dirname, '..', '..', 'docs', 'api-contract.md'), 'utf8');
  const pointers = [...contract.matchAll(/`#(\/[^`]*)`/g)].map((match) => match[1]);
  expect(pointers.length).toBeGreaterThanOrEqual(14);
  for (const pointer of pointers) {
    const found = pointer
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((node, part) => node?.[part], document);
    expect([pointer, found === undefined ? 'missing' : 'found']).toEqual([pointer, 'found']);
  }
});

test("each schema's example (shared/samples.ts) is valid by that schema", () => {
  const document = JSON.parse(committed);
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(document, 'openapi.json');
  const examples = Object.entries(document.components.schemas as Record<string, { example?: unknown }>).filter(
    ([, schema]) => schema.example,
  );
  expect(examples.length).toBeGreaterThanOrEqual(11);
  for (const [name, schema] of examples) {
    const validate = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
    expect([name, validate(schema.example) ? [] : validate.errors]).toEqual([name, []]);
  }
});

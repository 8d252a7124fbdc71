// Writes the n8n package's fast list-page checks (shared/schemas/fastChecks.ts says why) from the contract,
// docs/openapi.json, with ajv's standalone code generation: plain functions, no `eval`/`new Function` at
// run time and no ajv in the package. The options make ajv judge as the zod schemas the contract was
// generated from: string lengths in UTF-16 units and patterns without the `u` flag, as zod's.
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The list pages whose 200 answers get a check, by the export name shared/schemas/fastChecks.ts declares. */
const PAGES = { invoicePage: '/v1/invoices', paymentPage: '/v1/payments' };

/** Component `$ref`s replaced by the component itself, so each check is one self-contained schema. */
function inline(schema, components) {
  if (Array.isArray(schema)) return schema.map((entry) => inline(entry, components));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string')
    return inline(components[schema.$ref.replace('#/components/schemas/', '')], components);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'example')
      .map(([key, value]) => [key, inline(value, components)]),
  );
}

/** The module's source: CommonJS, exporting `fastChecks` as the source module does. */
export function fastChecksSource(openapi = JSON.parse(readFileSync(path.join(root, 'docs', 'openapi.json'), 'utf8'))) {
  // `unicode: false` is deprecated in ajv 8 (it warns, hence no logger) but still writes `.length`, as zod counts.
  const ajv = new Ajv({
    code: { source: true },
    logger: false,
    messages: false,
    unicode: false,
    unicodeRegExp: false,
    allErrors: false,
    strict: false,
  });
  const ids = {};
  for (const [name, route] of Object.entries(PAGES)) {
    const schema = openapi.paths[route].get.responses['200'].content['application/json'].schema;
    ajv.addSchema(inline(schema, openapi.components.schemas), name);
    ids[name] = name;
  }
  const code = standaloneCode(ajv, ids);
  if (/\brequire\(|\beval\b|new Function/.test(code))
    throw new Error('ajv generated code that needs a runtime or evaluates text');
  return (
    `// Generated from docs/openapi.json by n8n/scripts/fastChecks.mjs (ajv standalone); do not edit.\n${code}\n` +
    `const checks = module.exports;\nmodule.exports = { fastChecks: { ${Object.keys(PAGES)
      .map((name) => `${name}: (body) => checks.${name}(body)`)
      .join(', ')} } };\n`
  );
}

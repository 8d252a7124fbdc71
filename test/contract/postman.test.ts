/**
 * docs/openapi.json converted to a Postman collection as a user imports it (openapi-to-postmanv2, the
 * converter Postman's importer uses, with the two import settings docs/api-contract.md names: parameters
 * from examples, optional parameters off) and run unedited with newman against a sandbox made with the
 * example objects (`--examples`): only the base URL and the key are given, as Postman variables. Every
 * request answers the success status the document lists for it, with a body the document describes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerChecker } from '../../contract/answers';
import { startSandbox, type Sandbox } from '../../sandbox';

interface Execution {
  request: { method: string; url: { toString(): string } };
  response?: { code: number; stream?: Buffer; headers: { toObject(): Record<string, string> } };
}
interface Summary {
  run: { failures: unknown[]; executions: Execution[] };
}
// newman and openapi-to-postmanv2 ship no types; the calls used here are typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const newman = require('newman') as {
  run(options: Record<string, unknown>, done: (error: Error | null, summary: Summary) => void): void;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const converter = require('openapi-to-postmanv2') as {
  convertV2(
    input: { type: 'json'; data: unknown },
    options: Record<string, unknown>,
    done: (error: Error | null, result: { result: boolean; reason?: string; output: Array<{ data: unknown }> }) => void,
  ): void;
};

/** The import settings docs/api-contract.md ("Postman") tells a user to choose. */
const IMPORT_SETTINGS = { parametersResolution: 'Example', enableOptionalParameters: false };

const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerSecond: 1000, examples: true });
});
afterAll(() => sandbox.close());

test('the imported collection runs unedited with the example objects: each request its success status', async () => {
  const collection = await new Promise<unknown>((resolve, reject) =>
    converter.convertV2(
      // Its own copy: the converter's older interface (convert) writes maxItems into the schemas it is given.
      { type: 'json', data: structuredClone(document) },
      IMPORT_SETTINGS,
      (error, converted) =>
        error || !converted.result ? reject(error ?? new Error(converted.reason)) : resolve(converted.output[0].data),
    ),
  );
  const summary = await new Promise<Summary>((resolve, reject) =>
    newman.run(
      {
        collection: collection as never,
        reporters: [],
        envVar: [
          { key: 'baseUrl', value: sandbox.baseUrl },
          { key: 'bearerToken', value: sandbox.testKey },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  const checker = answerChecker(document);
  const rows = summary.run.executions.map((execution) => {
    const method = execution.request.method;
    const url = new URL(execution.request.url.toString());
    const template = checker.templateOf(url.pathname) ?? url.pathname;
    const responses = document.paths[template]?.[method.toLowerCase()]?.responses ?? {};
    const stream = execution.response?.stream;
    const headers = execution.response?.headers.toObject() ?? {};
    // JSON is read as JSON; a file (the invoice PDF) as the string of bytes the document describes.
    const json = /json/.test(String(headers['content-type'] ?? headers['Content-Type'] ?? ''));
    const text = stream?.toString(json ? 'utf8' : 'latin1') ?? '';
    const answer = {
      status: execution.response?.code ?? 0,
      headers,
      body: text ? (json ? JSON.parse(text) : text) : undefined,
    };
    return {
      call: `${method} ${url.pathname}${url.search}`,
      expected: Number(Object.keys(responses).find((status) => status.startsWith('2'))),
      status: answer.status,
      problems: checker.check(method, url.pathname, answer),
    };
  });
  process.stdout.write(
    `newman: ${rows.length} requests, ${rows.filter((row) => row.status < 300).length} answered 2xx\n` +
      `${rows.map((row) => `${row.status} ${row.call}`).join('\n')}\n`,
  );
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item as object));
  expect(rows.length).toBe(operations.length);
  expect(summary.run.failures).toEqual([]);
  expect(rows.filter((row) => row.status !== row.expected || row.problems?.length !== 0)).toEqual([]);
}, 120_000);

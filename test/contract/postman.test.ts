/**
 * docs/openapi.json converted to a Postman collection (openapi-to-postmanv2) and run unedited with newman
 * against a sandbox: only the base URL and the key are given, as environment variables. Every request is
 * sent and answered with a status the document lists for it. Not yet all 2xx: the sample ids in paths do not
 * exist in a fresh sandbox (404), and the converter turns on every query parameter's example at once (422).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { answerChecker } from '../../contract/answers';
import { startSandbox, type Sandbox } from '../../sandbox';

interface Execution {
  request: { method: string; url: { toString(): string } };
  response?: { code: number; stream?: Buffer };
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
  convert(
    input: { type: 'json'; data: unknown },
    options: Record<string, unknown>,
    done: (error: Error | null, result: { result: boolean; reason?: string; output: Array<{ data: unknown }> }) => void,
  ): void;
};

const document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
});
afterAll(() => sandbox.close());

test('the generated collection runs against the sandbox unedited, every answer a status the document lists', async () => {
  const collection = await new Promise<unknown>((resolve, reject) =>
    converter.convert(
      { type: 'json', data: document },
      { requestParametersResolution: 'Example', exampleParametersResolution: 'Example', folderStrategy: 'Tags' },
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
    const request = execution.request;
    const url = new URL(request.url.toString());
    const text = execution.response?.stream?.toString('utf8') ?? '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the check says so
    }
    const template = checker.templateOf(url.pathname);
    const listed =
      template && document.paths[template][request.method.toLowerCase()]?.responses[String(execution.response?.code)];
    return {
      call: `${request.method} ${url.pathname}`,
      status: execution.response?.code,
      listed: Boolean(listed),
      body,
    };
  });
  const succeeded = rows.filter((row) => Number(row.status) < 300).length;
  process.stdout.write(
    `newman: ${rows.length} requests, ${succeeded} answered 2xx\n${rows.map((row) => `${row.status} ${row.call}`).join('\n')}\n`,
  );
  expect(summary.run.failures).toEqual([]);
  expect(rows.length).toBe(Object.values(document.paths).flatMap((item) => Object.keys(item as object)).length);
  expect(rows.filter((row) => !row.listed)).toEqual([]);
  expect(succeeded).toBeGreaterThanOrEqual(3);
}, 120_000);

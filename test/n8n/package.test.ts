/**
 * What npm would publish: only dist/ and the documents, code that passes n8n's scanner rules, requires
 * nothing n8n does not provide, and loads in n8n-core as a community package.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { buildPackage, loadPackage } from './harness';

const packageRoot = path.resolve(__dirname, '../../n8n');
const node = process.execPath;

/** eslint-plugin-n8n-nodes-base swaps in fixture file names when NODE_ENV is "test", as jest sets it. */
const { NODE_ENV: _jest, ...lintEnv } = process.env;

interface ScanReport {
  files?: string[];
  unexpectedFiles?: string[];
  size?: number;
  unpackedSize?: number;
  lint: Array<{ file: string; rule: string; severity: string; message: string }>;
  requires: { all: string[]; disallowed: string[] };
  forbidden: Array<{ file: string; name: string }>;
}

/** Runs the scan script the way a maintainer would; it exits 1 when anything is wrong. */
function scan(folder?: string): { exitCode: number; report: ScanReport } {
  try {
    const output = execFileSync(node, ['scripts/scan-package.mjs', ...(folder ? [folder] : [])], {
      cwd: packageRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: lintEnv,
    });
    return { exitCode: 0, report: JSON.parse(output) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { exitCode: failed.status, report: JSON.parse(failed.stdout) };
  }
}

describe('the packed tarball', () => {
  let packed: ReturnType<typeof scan>;

  beforeAll(() => {
    execFileSync(node, ['build.mjs'], { cwd: packageRoot, stdio: 'pipe' });
    packed = scan();
  }, 120_000);

  test('holds only dist/, README, LICENSE and package.json', () => {
    const { files = [] } = packed.report;
    expect(packed.report.unexpectedFiles).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'dist/credentials/InvoicingApi.credentials.js',
        'dist/nodes/InvoicingApi/InvoicingApi.node.js',
        'dist/nodes/InvoicingApi/InvoicingApi.node.json',
        'dist/nodes/InvoicingApiTrigger/InvoicingApiTrigger.node.js',
        'dist/nodes/InvoicingApiTrigger/InvoicingApiTrigger.node.json',
        'dist/icons/invoicingApi.svg',
        'dist/icons/invoicingApi.dark.svg',
      ]),
    );
    expect(files.every((file) => /^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(file))).toBe(true);
  });

  test("passes the scanner's lint rules with no error and no warning", () => {
    expect(packed.report.lint).toEqual([]);
    expect(packed.exitCode).toBe(0);
  });

  test('the built files require only n8n-workflow and node:crypto (zod is their own copy)', () => {
    expect(packed.report.requires.all.sort()).toEqual(['n8n-workflow', 'node:crypto']);
    expect(packed.report.files).toContain('dist/vendor/zod.js');
    expect(packed.report.requires.disallowed).toEqual([]);
  });

  test('no process, console, timers, globalThis or eval in shipped code', () => {
    expect(packed.report.forbidden).toEqual([]);
  });

  // Three self-contained bundles of shared/ (the pickers and the amount rule brought it past 100 kB packed,
  // 400 kB unpacked with the README) and one copy of zod's v3 API; a second bundled copy of a dependency
  // (zod alone is about 60 kB packed) would still break this.
  // Measured 178.3 kB packed, 740.5 kB unpacked (2026-11-25); issue 29's operations (Send, Void, Download PDF,
  // due dates, the UPI link, four events) brought it to 198.0 kB packed; issue 28's operations built from their
  // display words and issue 32's amount-before-its-currency rule to 205.7 kB packed, 845.0 kB unpacked
  // (2026-11-25). Issue 43's refusals (blank trigger fields, impossible dates said why, template syntax, quoted
  // input cut short, the Amounts Are In hint) and the wire's keywords beside each rule: 215.9 kB packed, 877.8 kB
  // unpacked (2026-11-28). Issue 42's catalogue (a Product resource of six operations, the product picker, a
  // line from a product): 231.9 kB packed, 946.2 kB unpacked (2026-11-28). Budgets a little above the measured
  // size, so a bundled second copy of zod (about 60 kB packed) still fails.
  // With issue 40 (refunds: a Refund resource, its picker, four operations, an event; credit and debit notes: six
  // operations, four events, the notes' GST arithmetic, fields and pickers): 260.5 kB packed, 1,082.7 kB
  // unpacked (2026-11-28). Budgets a little above the measured size, so a bundled second copy of zod (about 60 kB
  // packed) still fails.
  // With issue 40's note PDFs (Download PDF on Credit Note and Debit Note, one download path for every document) and
  // the checks before writing a note or a refund: 265.6 kB packed, 1,100.2 kB unpacked (2026-11-28). Budgets a
  // little above, as before, so a bundled second copy of zod still fails.
  // With issue 41 (an E-Invoice resource of two operations, three events, the INV-01 schema, the IRN and the QR's
  // JWS check; Get GSTR-1 with the return's builder and schema) and issue 42's product events: 295.0 kB packed,
  // 1,217.5 kB unpacked (2026-11-28). Budgets a little above, as before. The shared core is bundled into each of
  // the three node files, so each kB of core costs about three: bundling it once, as zod is, is the next cut.
  // With Get Many on Credit Note and Debit Note (issue 40) and the README's sections for notes, refunds, products,
  // e-invoicing and GSTR-1 (the README ships in the tarball): 299.8 kB packed, 1,233.9 kB unpacked (2026-11-28).
  // Budgets a little above, as before; bundling the core once is still the next cut.
  const PACKED_BUDGET = 305_000;
  const UNPACKED_BUDGET = 1_250_000;
  test('is small', () => {
    // The bundled zod v3 (dist/vendor/zod.js) is about 23 kB of the tarball and 150 kB unpacked; with the
    // pickers and the amount rule the tarball measured 130.4 kB (2026-11-24). The list-page checks generated
    // from the contract (dist/vendor/fastChecks.js, once for all files) add 29 kB unpacked, 3.4 kB gzipped; GST's
    // rules and data (state and rate lists, GSTIN check, tax fields and words) and issue 32's input rules (free
    // text, calendar dates, currency marks) are bundled into each of the three files: measured below (2026-11-25).
    expect(packed.report.size).toBeLessThan(PACKED_BUDGET);
    expect(packed.report.unpackedSize).toBeLessThan(UNPACKED_BUDGET);
  });
});

describe('the scan itself can fail', () => {
  let dir: string;

  beforeAll(() => {
    const built = buildPackage();
    dir = mkdtempSync(path.join(tmpdir(), 'n8n-scan-'));
    cpSync(path.join(built.dir, 'dist'), path.join(dir, 'dist'), { recursive: true });
    cpSync(path.join(packageRoot, 'package.json'), path.join(dir, 'package.json'));
    built.cleanup();
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a bundled dependency, console, process and a timer in a built file are all reported', () => {
    const file = path.join(dir, 'dist/nodes/InvoicingApi/InvoicingApi.node.js');
    const original = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      `${original}\nconst axios = require("axios");\nconsole.log(process.env.KEY);\nsetTimeout(() => axios, 1);\n`,
    );
    const { exitCode, report } = scan(dir);
    writeFileSync(file, original);
    expect(exitCode).toBe(1);
    expect(report.requires.disallowed).toEqual(['axios']);
    expect(report.forbidden.map((entry) => entry.name).sort()).toEqual(['console', 'process', 'setTimeout']);
    const rules = report.lint.map((entry) => entry.rule);
    expect(rules).toEqual(
      expect.arrayContaining([
        '@n8n/community-nodes/no-restricted-imports',
        '@n8n/community-nodes/no-restricted-globals',
        'no-console',
      ]),
    );
  });

  test('a runtime dependency in package.json is reported', () => {
    const manifest = path.join(dir, 'package.json');
    const original = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(original), dependencies: { axios: '^1.0.0' } }, null, 2));
    const { exitCode, report } = scan(dir);
    writeFileSync(manifest, original);
    expect(exitCode).toBe(1);
    expect(report.lint.map((entry) => entry.rule)).toContain('@n8n/community-nodes/no-runtime-dependencies');
  });
});

describe('n8n-node lint', () => {
  test('passes in strict mode with no error and no warning', () => {
    const cli = path.resolve(packageRoot, '../node_modules/.bin/n8n-node');
    const output = execFileSync(cli, ['lint'], {
      cwd: packageRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...lintEnv, FORCE_COLOR: '0' },
    });
    expect(output).toContain('n8n-node lint');
    expect(output).not.toMatch(/problem|warning|error|Strict mode violation/i);
  });
});

describe('package.json', () => {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));

  test("meets n8n's community package rules", () => {
    expect(manifest).toMatchObject({
      name: 'n8n-nodes-invoicing-api',
      license: 'MIT',
      files: ['dist'],
      peerDependencies: { 'n8n-workflow': '*' },
      n8n: { n8nNodesApiVersion: 1, strict: true },
    });
    expect(manifest.keywords).toContain('n8n-community-node-package');
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) expect(file).toMatch(/^dist\/.+\.js$/);
  });

  test('states the n8n versions the live suite runs on, as the READMEs do', () => {
    const installer = path.resolve(__dirname, '../live/install-n8n.mjs');
    const SUPPORTED_N8N = JSON.parse(
      execFileSync(
        node,
        [
          '--input-type=module',
          '-e',
          `import { SUPPORTED_N8N } from ${JSON.stringify(installer)}; process.stdout.write(JSON.stringify(SUPPORTED_N8N));`,
        ],
        { encoding: 'utf8' },
      ),
    );
    expect(manifest.engines.n8n).toBe(`${SUPPORTED_N8N.oldest} - ${SUPPORTED_N8N.newest}`);
    for (const readme of ['README.md', 'n8n/README.md']) {
      const text = readFileSync(path.resolve(packageRoot, '..', readme), 'utf8');
      expect(text).toContain(`n8n ${SUPPORTED_N8N.oldest}`);
      expect(text).toContain(`n8n ${SUPPORTED_N8N.newest}`);
    }
  });
});

describe('loaded by n8n-core', () => {
  test('PackageDirectoryLoader finds the three nodes and the credential, with codex and icons', async () => {
    const built = buildPackage();
    try {
      const { loader } = await loadPackage(built.dir);
      expect(loader.packageName).toBe('n8n-nodes-invoicing-api');
      expect(Object.keys(loader.known.nodes).sort()).toEqual([
        'invoicingApi',
        'invoicingApiPollingTrigger',
        'invoicingApiTrigger',
      ]);
      expect(Object.keys(loader.known.credentials)).toEqual(['invoicingApi']);
      const action = loader.getNode('invoicingApi').type.description;
      expect(action.codex?.categories).toEqual(expect.arrayContaining(['Finance & Accounting']));
      expect(action.codex?.resources?.primaryDocumentation?.[0]?.url).toMatch(/^https:\/\//);
      const icons = {
        light: 'icons/n8n-nodes-invoicing-api/dist/icons/invoicingApi.svg',
        dark: 'icons/n8n-nodes-invoicing-api/dist/icons/invoicingApi.dark.svg',
      };
      expect(action.iconUrl).toEqual(icons);
      // n8n serves `icons/<package>/<path>` from the package folder: the files must be there.
      for (const icon of Object.values(icons)) {
        expect(readFileSync(path.join(built.dir, icon.replace('icons/n8n-nodes-invoicing-api/', '')), 'utf8')).toMatch(
          /^<svg/,
        );
      }
      expect(action.usableAsTool).toBe(true);
      const trigger = loader.getNode('invoicingApiTrigger').type.description as INodeTypeDescription;
      expect(trigger.webhooks?.[0]).toMatchObject({ httpMethod: 'POST', name: 'default' });
      expect(loader.getNode('invoicingApiTrigger').type.description.iconUrl).toEqual(icons);
      const polling = loader.getNode('invoicingApiPollingTrigger').type.description as INodeTypeDescription;
      expect(polling).toMatchObject({ polling: true, iconUrl: icons });
      expect(polling.codex?.resources?.primaryDocumentation?.[0]?.url).toMatch(/#polling-trigger$/);
      const credential = loader.getCredential('invoicingApi').type;
      expect(credential.supportedNodes?.sort()).toEqual([
        'invoicingApi',
        'invoicingApiPollingTrigger',
        'invoicingApiTrigger',
      ]);
      expect(credential.iconUrl).toEqual(icons);
    } finally {
      built.cleanup();
    }
  });

  test('outside a test run too, where n8n-core evaluates each class in its own vm context', () => {
    const built = buildPackage();
    try {
      const script = `process.env.N8N_LOG_LEVEL = 'silent';
        const { PackageDirectoryLoader } = require('n8n-core');
        const loader = new PackageDirectoryLoader(${JSON.stringify(built.dir)});
        loader.loadAll().then(() => process.stdout.write(JSON.stringify({
          nodes: Object.keys(loader.known.nodes), credentials: Object.keys(loader.known.credentials),
          operations: loader.getNode('invoicingApi').type.description.properties.filter((p) => p.name === 'operation').length,
        })));`;
      const output = execFileSync(node, ['-e', script], {
        cwd: path.resolve(packageRoot, '..'),
        encoding: 'utf8',
        env: lintEnv,
      });
      expect(JSON.parse(output)).toEqual({
        nodes: ['invoicingApi', 'invoicingApiTrigger', 'invoicingApiPollingTrigger'],
        credentials: ['invoicingApi'],
        // One Operation list per resource: Client, Credit Note, Debit Note, E-Invoice, Invoice, Payment, Product, Refund.
        operations: 8,
      });
    } finally {
      built.cleanup();
    }
  });
});

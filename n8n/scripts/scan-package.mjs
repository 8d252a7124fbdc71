// Checks what npm would publish the way n8n's community-package scanner does, before it is published:
// packs the folder, unpacks the tarball, lints its .js files and package.json with the scanner's rule
// set (@n8n/eslint-plugin-community-nodes recommended + no-console + eslint-plugin-n8n-nodes-base's
// package.json rules), and checks that the built code requires nothing n8n does not provide.
//
//   node scripts/scan-package.mjs            pack n8n/ (run the build first) and scan it
//   node scripts/scan-package.mjs <folder>   scan an already unpacked package
// Prints a JSON report; exits 1 when anything is wrong.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What a community package may require at run time: n8n-workflow (its declared peer) and Node's crypto.
 * Not zod: n8n resolves its own for us but promises no version, so the package carries its copy.
 */
export const ALLOWED_REQUIRES = ['n8n-workflow', 'node:crypto', 'crypto'];

/** Shipped code must not reach for these; n8n Cloud's scanner rejects them. */
export const FORBIDDEN_CODE = [
  { name: 'process', pattern: /\bprocess\s*[.[]/ },
  { name: 'console', pattern: /\bconsole\s*[.[]/ },
  { name: 'setTimeout', pattern: /\bsetTimeout\b/ },
  { name: 'setInterval', pattern: /\bsetInterval\b/ },
  { name: 'globalThis', pattern: /\bglobalThis\b/ },
  { name: 'eval', pattern: /\beval\s*\(/ },
];

/** The tarball may hold the build and the documents npm always adds, nothing else. */
export const ALLOWED_FILES = [/^dist\//, /^README\.md$/, /^LICENSE$/, /^package\.json$/];

/** `npm pack` into a temporary folder; returns the tarball, npm's file list and sizes. */
export function pack() {
  const destination = mkdtempSync(path.join(tmpdir(), 'n8n-pack-'));
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: packageRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(output);
  return {
    destination,
    tarball: path.join(destination, info.filename),
    files: info.files.map((file) => file.path),
    size: info.size,
    unpackedSize: info.unpackedSize,
  };
}

export function unpack(tarball, into) {
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1']);
  return into;
}

function listFiles(dir, suffix) {
  return readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => file.endsWith(suffix) && statSync(file).isFile());
}

/** The scanner's flat config, built from the same plugins @n8n/node-cli ships with. */
async function scannerConfig() {
  const cliRequire = createRequire(createRequire(import.meta.url).resolve('@n8n/node-cli/eslint'));
  const load = async (name) => {
    const mod = await import(pathToFileURL(cliRequire.resolve(name)).href);
    return mod.default ?? mod;
  };
  const { n8nCommunityNodesPlugin } = await import(
    pathToFileURL(cliRequire.resolve('@n8n/eslint-plugin-community-nodes')).href
  );
  const nodesBase = await load('eslint-plugin-n8n-nodes-base');
  const parser = (await load('typescript-eslint')).parser;
  const { ESLint } = await import(pathToFileURL(cliRequire.resolve('eslint')).href);
  const config = [
    n8nCommunityNodesPlugin.configs.recommended,
    { rules: { 'no-console': 'error' } },
    { plugins: { 'n8n-nodes-base': nodesBase } },
    { files: ['package.json'], rules: { ...nodesBase.configs.community.rules } },
    { files: ['**/*.json'], languageOptions: { parser } },
  ];
  return { ESLint, config };
}

/** Lint findings (errors and warnings) for the package's .js files and package.json. */
export async function lint(dir) {
  const { ESLint, config } = await scannerConfig();
  const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: config });
  const files = [...listFiles(dir, '.js'), path.join(dir, 'package.json')];
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: path.relative(dir, result.filePath),
      rule: message.ruleId,
      severity: message.severity === 2 ? 'error' : 'warning',
      message: message.message,
    })),
  );
}

/** Every module the built files require, with the ones n8n would not provide. */
export function requires(dir) {
  const found = new Set();
  for (const file of listFiles(dir, '.js')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) {
      found.add(match[1]);
    }
  }
  // The package's own files (dist/shared.js) are part of what ships, not a dependency.
  const all = [...found].filter((name) => !name.startsWith('.')).sort();
  return { all, disallowed: all.filter((name) => !ALLOWED_REQUIRES.includes(name)) };
}

export function forbiddenCode(dir) {
  return listFiles(dir, '.js').flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    return FORBIDDEN_CODE.filter(({ pattern }) => pattern.test(code)).map(({ name }) => ({
      file: path.relative(dir, file),
      name,
    }));
  });
}

export async function scan(dir) {
  const [findings, modules, forbidden] = [await lint(dir), requires(dir), forbiddenCode(dir)];
  return { lint: findings, requires: modules, forbidden };
}

export function isClean(report) {
  return (
    report.lint.length === 0 &&
    report.requires.disallowed.length === 0 &&
    report.forbidden.length === 0 &&
    (report.unexpectedFiles ?? []).length === 0
  );
}

async function main() {
  const [given] = process.argv.slice(2);
  let report;
  if (given) {
    report = await scan(path.resolve(given));
  } else {
    const packed = pack();
    try {
      const dir = unpack(packed.tarball, path.join(packed.destination, 'package'));
      report = {
        files: packed.files,
        unexpectedFiles: packed.files.filter((file) => !ALLOWED_FILES.some((allowed) => allowed.test(file))),
        size: packed.size,
        unpackedSize: packed.unpackedSize,
        ...(await scan(dir)),
      };
    } finally {
      rmSync(packed.destination, { recursive: true, force: true });
    }
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = isClean(report) ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

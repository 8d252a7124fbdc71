/**
 * `npm run setup` and the long-command runner it shares with the n8n installer (scripts/run-long.mjs), as a
 * newcomer meets them: one line per package, apt's own output in the log file the run names, and a line at
 * least every interval while a long command is silent. apt-get here is a fake on PATH, so nothing is installed.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);
let bin: string;

beforeEach(() => {
  bin = mkdtempSync(path.join(tmpdir(), 'setup-test-'));
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

/** A fake apt-get as chatty as the real one; `install` puts the named programs on PATH as the packages would. */
function fakeAptGet(exitCode = 0) {
  // Shell built-ins only: PATH holds nothing but this folder and node's, so the real programs stay hidden.
  const script = [
    '#!/bin/sh',
    'i=1; while [ $i -le 60 ]; do echo "Get:$i http://deb.debian.org/debian bookworm/main amd64 lib$i"; i=$((i+1)); done',
    'echo "debconf: delaying package configuration, since apt-utils is not installed" >&2',
    `if [ "$1" = install ]; then for p in redis-server pdftotext zbarimg; do printf '' > "${bin}/$p"; done; fi`,
    `exit ${exitCode}`,
  ].join('\n');
  writeFileSync(path.join(bin, 'apt-get'), `${script}\n`);
  chmodSync(path.join(bin, 'apt-get'), 0o755);
}

/** An npm that fails at once: the n8n installs setup starts in the background stop at their first step. */
function fakeNpm() {
  writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\necho "npm error fake registry" >&2\nexit 1\n');
  chmodSync(path.join(bin, 'npm'), 0o755);
}

async function setup() {
  // Only the fake bin folder and node on PATH: redis-server and pdftotext are then missing. The n8n cache is the
  // test's own folder, and npm the fake one: nothing is downloaded.
  fakeNpm();
  const env = {
    ...process.env,
    PATH: [bin, path.dirname(process.execPath)].join(path.delimiter),
    INVOICING_LIVE_CACHE: path.join(bin, 'cache'),
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/setup.js'], { cwd: root, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('setup installs what is missing with one line per package (as root); apt speaks only to its log', async () => {
  fakeAptGet();
  const { code, stdout, stderr } = await setup();
  if (process.getuid?.() !== 0) {
    // Not root: nothing is installed; the one command to run is named, with every missing package.
    expect(code).toBe(1);
    expect(stderr).toMatch(/`sudo apt-get install -y --no-install-recommends (?=.*redis-server)(?=.*poppler-utils).*`/);
    return;
  }
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const lines = stdout.trim().split('\n');
  const log = /Full log: (\S+)$/.exec(lines.find((line) => line.startsWith('Installing with apt-get')) ?? '')?.[1];
  expect(log).toBeDefined();
  expect(lines.filter((line) => /: installed \(/.test(line)).map((line) => line.split(':')[0])).toEqual(
    expect.arrayContaining(['redis-server', 'poppler-utils', 'zbar-tools']),
  );
  expect(stdout).not.toMatch(/Get:\d|debconf/);
  // Four lines of its own and one per package it installed (the three above): never apt's sixty.
  expect(lines.length).toBeLessThanOrEqual(7);
  expect(readFileSync(path.resolve(root, log!), 'utf8')).toMatch(/Get:60 .*\n[^]*debconf: delaying/);
});

test('setup then starts installing both supported n8n servers in the background, unless they are there', async () => {
  if (process.getuid?.() !== 0) return;
  fakeAptGet();
  const installer = JSON.stringify(path.join(root, 'test', 'live', 'install-n8n.mjs'));
  const printed = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `import { SUPPORTED_N8N } from ${installer}; process.stdout.write(JSON.stringify(SUPPORTED_N8N));`,
  ]);
  const SUPPORTED_N8N: { oldest: string; newest: string } = JSON.parse(printed.stdout);
  const { code, stdout } = await setup();
  expect(code).toBe(0);
  const background = path.join(bin, 'cache', 'background-install.log');
  expect(stdout).toContain(
    `n8n ${SUPPORTED_N8N.newest} and ${SUPPORTED_N8N.oldest}: installing in the background for npm run test:live`,
  );
  expect(stdout).toContain(background);
  // The installer's own lines, written by the process setup left running (here stopped by the fake npm).
  await eventuallyMatches(background, new RegExp(`installing n8n ${SUPPORTED_N8N.newest.replace(/\./g, '\\.')}`));
  for (const version of Object.values(SUPPORTED_N8N)) {
    mkdirSync(path.join(bin, 'cache', `n8n-${version}`), { recursive: true });
    writeFileSync(path.join(bin, 'cache', `n8n-${version}`, 'installed.json'), '{}\n');
  }
  expect((await setup()).stdout).not.toContain('in the background');
});

async function eventuallyMatches(file: string, pattern: RegExp): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (existsSync(file) && pattern.test(readFileSync(file, 'utf8'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(existsSync(file) ? readFileSync(file, 'utf8') : `${file} not written`).toMatch(pattern);
}

test('a long command prints a line at least every interval while it runs, and its output only to the log', async () => {
  const log = path.join(bin, 'long.log');
  const script = [
    "import { runLong } from './scripts/run-long.mjs';",
    'const lines = [];',
    `await runLong({ label: 'fake build', command: process.execPath, log: ${JSON.stringify(log)}, every: 300,`,
    "  args: ['-e', 'console.log(\"compiling\"); setTimeout(() => {}, 1400)'], print: (line) => lines.push(line) });",
    'process.stdout.write(JSON.stringify(lines));',
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  const lines: string[] = JSON.parse(stdout);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  for (const line of lines) expect(line).toMatch(/^fake build: still running \(\d+ s\)$/);
  expect(readFileSync(log, 'utf8')).toBe('compiling\n');
});

test('a long command that fails names its exit code and the log file', async () => {
  const log = path.join(bin, 'failed.log');
  const script = [
    "import { runLong } from './scripts/run-long.mjs';",
    `await runLong({ label: 'fake build', command: process.execPath, log: ${JSON.stringify(log)},`,
    "  args: ['-e', 'console.error(\"gyp ERR!\"); process.exit(7)'] }).catch((error) => console.log(error.message));",
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  expect(stdout.trim()).toBe(
    `fake build: ${process.execPath} exited with code 7 after 0 s; full log: ${log}`.replace(
      '0 s',
      /\d+ s/.exec(stdout)![0],
    ),
  );
  expect(readFileSync(log, 'utf8')).toBe('gyp ERR!\n');
});

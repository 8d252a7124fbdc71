#!/usr/bin/env node
/**
 * No line of product code over 120 characters (the formatter's width, .prettierrc): prettier keeps code
 * within it, but leaves long strings and comments as written, so this names each one that is not.
 * Usage: node scripts/check-line-length.js [max]
 */
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');

const MAX = Number(process.argv[2] ?? 120);
/** What ships or runs for users: the core, both platforms, the sandbox, the contract tools, the demo, scripts. */
const PRODUCT = [
  'shared',
  'zapier/src',
  'n8n/transport',
  'n8n/editor',
  'n8n/triggers',
  'n8n/nodes',
  'n8n/credentials',
  'sandbox',
  'contract',
  'demo',
  'scripts',
];
const CODE = /\.(ts|js|mjs|cjs)$/;

const files = execFileSync('git', ['ls-files', '--', ...PRODUCT], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => CODE.test(file) && !file.includes('/public/'));
const long = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ where: `${file}:${index + 1}`, length: [...line].length }))
    .filter((line) => line.length > MAX),
);

for (const line of long) console.log(`${line.where}: ${line.length} characters`);
console.log(
  long.length ? `${long.length} product lines over ${MAX} characters.` : `No product line over ${MAX} characters.`,
);
process.exitCode = long.length ? 1 : 0;

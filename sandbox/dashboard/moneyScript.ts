import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * shared/money.ts as a browser script (global `sharedMoney`), so the dashboard formats every amount with
 * the code that makes the API's `*_formatted` and the hosted invoice page: ISO 4217 digits, not the CLDR
 * digits `Intl` shows by default (which drop two digits of IDR and HUF and three of IQD).
 *
 * `node sandbox/build.mjs` writes it beside cli.js (dist/public/money.js, the same esbuild options as
 * below). Run from the sources (tests), it is bundled on first request with esbuild, the repository's
 * bundler; it is loaded with createRequire so that bundling the sandbox leaves it out.
 */
export const MONEY_SCRIPT_OPTIONS = {
  bundle: true,
  format: 'iife',
  globalName: 'sharedMoney',
  platform: 'browser',
} as const;

export function moneyScript(publicDir: string): string {
  const built = path.join(publicDir, 'money.js');
  if (existsSync(built)) return readFileSync(built, 'utf8');
  const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
  return esbuild.buildSync({
    ...MONEY_SCRIPT_OPTIONS,
    entryPoints: [path.join(__dirname, '..', '..', 'shared', 'money.ts')],
    write: false,
    logLevel: 'warning',
  }).outputFiles[0].text;
}

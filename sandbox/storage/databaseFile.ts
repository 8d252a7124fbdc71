import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** SQLite's words for a file it cannot use, and what the user can do about each. */
export function openProblem(file: string, error: Error): Error {
  const words = error.message;
  const fix = /not a database|malformed|corrupt/i.test(words)
    ? 'The file is not a sandbox database or is damaged. Move it away (its invoices are lost to the sandbox), ' +
      'or start with another --db <path> or --memory.'
    : /unable to open|readonly|permission|cantopen|ENOTDIR|ENOENT|EACCES|EROFS|EPERM/i.test(words)
      ? 'Check that its folder exists and that you may write there, or start with another --db <path> or --memory.'
      : 'Start with another --db <path> or --memory.';
  return Object.assign(new Error(`Could not open the sandbox database ${file}: ${words}. ${fix}`), {
    code: 'SANDBOX_DATABASE',
  });
}

/**
 * The file is only ever readable by its owner: it holds test keys and webhook secrets in clear (the
 * sandbox must sign with them). SQLite gives its -wal and -shm files the database file's mode.
 */
export function prepareFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * Where the sandbox keeps its database unless told otherwise: the user's data folder, never the work tree,
 * since the file holds test keys and webhook secrets and a `git add .` must not pick it up.
 *   Linux: $XDG_DATA_HOME/invoicing-sandbox/sandbox.db (~/.local/share/…) · macOS: ~/Library/Application Support/…
 *   Windows: %LOCALAPPDATA%\invoicing-sandbox\sandbox.db
 */
export function defaultDatabasePath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : env.XDG_DATA_HOME || path.join(home, '.local', 'share');
  return path.join(base, 'invoicing-sandbox', 'sandbox.db');
}

import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the sandbox keeps its database unless told otherwise: the user's data folder, never the work tree,
 * since the file holds test keys and webhook secrets and a `git add .` must not pick it up.
 *   Linux: $XDG_DATA_HOME/invoicing-sandbox/sandbox.db (~/.local/share/…) · macOS: ~/Library/Application Support/…
 *   Windows: %LOCALAPPDATA%\invoicing-sandbox\sandbox.db
 */
export function defaultDatabasePath(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = homedir();
  const base = platform === 'win32' ? env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local')
    : platform === 'darwin' ? path.join(home, 'Library', 'Application Support')
      : env.XDG_DATA_HOME || path.join(home, '.local', 'share');
  return path.join(base, 'invoicing-sandbox', 'sandbox.db');
}

/** `keys create` / `keys list`, and the key the other commands use when no --key is given. */
import { existsSync } from 'node:fs';
import { KEY_PREFIX } from '../../shared';
import { createAccount, issueKey, keyPreview } from '../domain/accounts';
import { openData } from '../storage/collections';
import { Store } from '../storage/store';

export class UsageError extends Error {}

function withData<T>(file: string, work: (data: ReturnType<typeof openData>) => T): T {
  const store = new Store(file);
  try {
    return store.transaction(() => work(openData(store)));
  } finally {
    store.close();
  }
}

/** Issues a key in the database file (a running sandbox sees it at once): in the first account, or in a new one. */
export function createKey(file: string, newAccount: boolean) {
  return withData(file, (data) => issueKey(data.accounts, newAccount ? createAccount(data.accounts) : undefined));
}

export function listKeys(file: string): string[] {
  return withData(file, (data) => {
    const lines: string[] = [];
    for (const account of data.accounts.all()) {
      lines.push(`${account.id}  ${account.name}`);
      for (const key of data.accounts.activeKeys(account.id))
        lines.push(`  ${key.id}  ${keyPreview(key.secret)}  created ${key.created_at}`);
    }
    return lines;
  });
}

/** The first account's first key, read from the database the sandbox uses, for commands run without --key. */
export function keyFromDatabase(file: string): string {
  if (!existsSync(file)) {
    throw new UsageError(
      `No --key given and no sandbox database at ${file}. Pass --key ${KEY_PREFIX.test}… (a sandbox started ` +
        'with --memory printed one), or --db <path> of the sandbox you started.',
    );
  }
  return withData(file, (data) => {
    const account = data.accounts.first();
    const key = account && data.accounts.activeKeys(account.id)[0];
    if (!key) throw new UsageError(`The database ${file} has no active key; make one with: npm start -- keys create`);
    return key.secret;
  });
}

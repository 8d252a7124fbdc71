/**
 * Large accounts without 100,000 HTTP creates: copies of one real invoice (or event) written straight
 * into the in-process sandbox's store, in one transaction, each with its own id (and invoice number).
 * The copies are what the API itself wrote, so every reader parses them as it would a created one.
 */
import type { Sandbox } from '../../sandbox';
import { newId } from '../../sandbox/storage/ids';

function copies(
  sandbox: Sandbox,
  collection: 'invoices' | 'events',
  templateId: string,
  count: number,
  change: (doc: Record<string, unknown>, index: number) => void,
): string[] {
  const table = sandbox.data[collection];
  const accountId = table.accountOf(templateId);
  const template = table.get(templateId);
  if (!accountId || !template) throw new Error(`the sandbox has no ${collection} row ${templateId} to copy`);
  const ids: string[] = [];
  sandbox.data.store.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const doc = { ...template, id: newId(collection === 'invoices' ? 'inv' : 'evt') } as Record<string, unknown>;
      change(doc, index);
      table.insert(doc as never, accountId);
      ids.push(doc.id as string);
    }
  });
  return ids;
}

/** `count` more invoices like `templateId`, oldest first (a list, newest first, gives them reversed). */
export function seedInvoices(sandbox: Sandbox, templateId: string, count: number): string[] {
  return copies(sandbox, 'invoices', templateId, count, (doc, index) => {
    doc.number = `INV-B${String(index + 1).padStart(6, '0')}`;
    doc.hosted_url = String(doc.hosted_url).replace(templateId, doc.id as string);
  });
}

/** `count` more events like `templateId`, happening now, oldest first. */
export function seedEvents(sandbox: Sandbox, templateId: string, count: number): string[] {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return copies(sandbox, 'events', templateId, count, (doc) => {
    doc.created_at = now;
  });
}

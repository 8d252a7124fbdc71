/**
 * Credit Note and Debit Note → Get Many: shared/operations/listCreditNotes.ts and listDebitNotes.ts, page after
 * page, one invoice's (picked as every invoice is) or the one of a number; one builder for both kinds.
 */
import { displayNoun, listAll, operations, type NoteKind } from '../../../../shared';
import { locator, locatorId } from '../../../editor/pickers';
import { property } from '../../../editor/properties';
import { getManyOption, listing, listProperties, type NodeOperation } from './common';
import { LISTS } from './displayed';

const NOTE_LISTS = { credit: operations.listCreditNotes, debit: operations.listDebitNotes };

export function noteGetAll(kind: NoteKind): NodeOperation {
  const operation = NOTE_LISTS[kind];
  const { limit, invoice_id: invoiceId, number } = operation.fields;
  const noun = displayNoun(`${kind}Note`).toLowerCase();
  return {
    operation,
    option: getManyOption(`${noun}s`, `List ${noun}s, newest first, of one invoice or by ${noun} number`),
    // Optional: left empty, every invoice's notes are listed.
    properties: [
      { ...locator('invoice', invoiceId, LISTS.invoice), required: false },
      ...listProperties(limit, [property(number)]),
    ],
    execute: (context, i, connection, send) => {
      const { max, filters } = listing(context, i, limit);
      const invoice = locatorId(context, 'invoice', invoiceId, i);
      return listAll<{ id: string }>(operation, connection, { ...filters, [invoiceId.key]: invoice }, send, max);
    },
  };
}

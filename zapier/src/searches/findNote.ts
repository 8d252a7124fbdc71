/** Find Credit Note and Find Debit Note: shared/operations/findNote.ts in Zapier words, one builder for both. */
import { displayNoun, operations, type NoteKind } from '../../../shared';
import { searchAction } from '../action';
import { invoicePickerField } from '../pickers';

const FINDERS = { credit: operations.findCreditNote, debit: operations.findDebitNote };

export function noteSearch(kind: NoteKind) {
  const operation = FINDERS[kind];
  const noun = displayNoun(`${kind}Note`);
  const { invoice_id: invoiceId, number } = operation.fields;
  return searchAction(operation, {
    key: `find_${kind}_note`,
    noun,
    label: `Find ${noun}`,
    description:
      `Finds a ${noun.toLowerCase()} by its number as printed (${String(number.example)}), ` +
      'or the newest one against an invoice.',
    inputFields: { [invoiceId.key]: invoicePickerField(invoiceId) },
  });
}

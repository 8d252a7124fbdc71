import { hookTrigger } from './hook';

export const debitNoteCreated = hookTrigger('debit_note.created');

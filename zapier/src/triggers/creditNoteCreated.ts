import { hookTrigger } from './hook';

export const creditNoteCreated = hookTrigger('credit_note.created');

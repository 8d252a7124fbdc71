/** Find Credit Note: ./findNote.ts for credit notes. */
import { noteSearch } from './findNote';

export const findCreditNote = noteSearch('credit');

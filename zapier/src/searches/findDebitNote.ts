/** Find Debit Note: ./findNote.ts for debit notes. */
import { noteSearch } from './findNote';

export const findDebitNote = noteSearch('debit');

/** Find Credit Note: ./findNote.ts, for credit notes. */
import { noteFinder } from './findNote';

export const findCreditNote = noteFinder('credit');

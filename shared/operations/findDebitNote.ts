/** Find Debit Note: ./findNote.ts, for debit notes. */
import { noteFinder } from './findNote';

export const findDebitNote = noteFinder('debit');

/** Debit Note → Get Many: ../noteGetAll.ts for debit notes. */
import { noteGetAll } from '../noteGetAll';

export const getAll = noteGetAll('debit');

/** Credit Note → Get Many: ../noteGetAll.ts for credit notes. */
import { noteGetAll } from '../noteGetAll';

export const getAll = noteGetAll('credit');

/** Download Debit Note PDF: the debit note as a PDF file (docs/api-contract.md, "A note's PDF"). */
import { defineOperation } from './define';
import { notePdfOperation } from './notePdf';

export const downloadDebitNotePdf = defineOperation(notePdfOperation('debit'));

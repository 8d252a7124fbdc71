/** Download Credit Note PDF: the credit note as a PDF file (docs/api-contract.md, "A note's PDF"). */
import { defineOperation } from './define';
import { notePdfOperation } from './notePdf';

export const downloadCreditNotePdf = defineOperation(notePdfOperation('credit'));

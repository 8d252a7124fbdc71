/** The Debit Note resource: Create and Get from their modules' `display` (../displayed.ts); Download PDF, a file. */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { downloadPdf } from './downloadPdf';

export const debitNote = resource('debitNote', withDisplayed('debitNote', [downloadPdf]), 'create');

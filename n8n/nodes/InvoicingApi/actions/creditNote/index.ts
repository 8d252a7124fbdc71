/** The Credit Note resource: Create and Get from their modules' `display` (../displayed.ts); Download PDF, a file. */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { downloadPdf } from './downloadPdf';

export const creditNote = resource('creditNote', withDisplayed('creditNote', [downloadPdf]), 'create');

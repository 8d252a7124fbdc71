/** The Credit Note resource: Create and Get from their modules' `display` (../displayed.ts); Download PDF, Get Many. */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { downloadPdf } from './downloadPdf';
import { getAll } from './getAll';

export const creditNote = resource('creditNote', withDisplayed('creditNote', [downloadPdf, getAll]), 'create');

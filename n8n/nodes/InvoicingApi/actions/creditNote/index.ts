/** The Credit Note resource: every operation is built from its module's `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';

export const creditNote = resource('creditNote', withDisplayed('creditNote', []), 'create');

/** The E-Invoice resource: Cancel and Validate are built from their `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';

export const eInvoice = resource('eInvoice', withDisplayed('eInvoice', []), 'validate');

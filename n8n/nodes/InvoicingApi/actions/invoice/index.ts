/** The Invoice resource: one file per operation that needs more than its `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { create } from './create';
import { get } from './get';
import { downloadPdf } from './downloadPdf';
import { getAll } from './getAll';
import { getGstr1 } from './getGstr1';
import { send } from './send';

export const invoice = resource(
  'invoice',
  withDisplayed('invoice', [create, get, getAll, send, downloadPdf, getGstr1]),
  'create',
);

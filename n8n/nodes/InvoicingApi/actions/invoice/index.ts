/** The Invoice resource: one file per operation. */
import { resource } from '../common';
import { create } from './create';
import { get } from './get';
import { downloadPdf } from './downloadPdf';
import { getAll } from './getAll';
import { send } from './send';
import { voidInvoice } from './void';

export const invoice = resource('invoice', [create, get, getAll, send, voidInvoice, downloadPdf], 'create');

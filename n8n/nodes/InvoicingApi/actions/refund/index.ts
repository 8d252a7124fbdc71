/** The Refund resource: Record is built from its `display` (../displayed.ts); Get and Get Many are files. */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { get } from './get';
import { getAll } from './getAll';

export const refund = resource('refund', withDisplayed('refund', [get, getAll]), 'record');

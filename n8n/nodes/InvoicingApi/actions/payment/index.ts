/** The Payment resource: one file per operation that needs more than its `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { get } from './get';
import { getAll } from './getAll';
import { record } from './record';

export const payment = resource('payment', withDisplayed('payment', [record, get, getAll]), 'record');

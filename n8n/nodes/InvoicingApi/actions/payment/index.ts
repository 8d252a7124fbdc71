/** The Payment resource: one file per operation. */
import { resource } from '../common';
import { get } from './get';
import { getAll } from './getAll';
import { record } from './record';

export const payment = resource('payment', [record, get, getAll], 'record');

/** The Invoice resource: one file per operation. */
import { resource } from '../common';
import { create } from './create';
import { get } from './get';
import { getAll } from './getAll';

export const invoice = resource('invoice', [create, get, getAll], 'create');

/** The Client resource: one file per operation. */
import { resource } from '../common';
import { create } from './create';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const client = resource('client', [create, upsert, get, getAll, update], 'create');

/** The Client resource: one file per operation that needs more than its `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { create } from './create';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const client = resource('client', withDisplayed('client', [create, upsert, get, getAll, update]), 'create');

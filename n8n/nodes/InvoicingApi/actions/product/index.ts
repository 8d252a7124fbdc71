/** The Product resource (issue 42): one file per operation that needs more than its `display` (../displayed.ts). */
import { resource } from '../common';
import { withDisplayed } from '../displayed';
import { create } from './create';
import { find } from './find';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';
import { upsert } from './upsert';

export const product = resource(
  'product',
  withDisplayed('product', [create, find, get, getAll, update, upsert]),
  'find',
);

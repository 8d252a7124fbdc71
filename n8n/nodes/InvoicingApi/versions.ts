/**
 * The action node's type versions (docs/architecture.md, "Versioning"). A change to what an existing field
 * means ships as a new version: n8n saves each workflow with the version it was built on, and fills what
 * the saved workflow left out with that version's defaults, so saved work keeps its meaning.
 *
 * - 1: amounts as the service counts them, minor units (paise, cents), unless Amounts Are In says otherwise;
 * - 2: amounts in currency units ("1,500.00") unless Amounts Are In says otherwise.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { AMOUNT_UNITS } from '../../../shared';
import { nodeOf } from '../../editor/parameters';

export const VERSIONS = [1, 2];
export const DEFAULT_VERSION = 2;

type AmountUnit = (typeof AMOUNT_UNITS)[number];

/** What an unset Amounts Are In means on each version. */
const AMOUNT_UNIT_BY_VERSION: Record<number, AmountUnit> = { 1: 'minor', 2: 'main' };

/** The versions from `first` on, listed (n8n 1.x reads `@version` as a list). */
const fromVersion = (first: number) => VERSIONS.filter((version) => version >= first);

/** Amounts Are In once per meaning, each shown on its versions with that version's default. */
export function amountUnitProperties(built: INodeProperties): INodeProperties[] {
  return [[1], fromVersion(2)].map((versions) => ({
    ...built,
    default: AMOUNT_UNIT_BY_VERSION[versions[0]],
    displayOptions: { ...built.displayOptions, show: { ...built.displayOptions?.show, '@version': versions } },
  }));
}

/** The unit an item's amounts are in when the workflow did not say (a collection option left out). */
export function defaultAmountUnit(context: IExecuteFunctions): AmountUnit {
  return AMOUNT_UNIT_BY_VERSION[nodeOf(context).typeVersion] ?? AMOUNT_UNIT_BY_VERSION[DEFAULT_VERSION];
}

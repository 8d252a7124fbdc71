/** Get GSTR-1: the month's summary, and its JSON as a file a later step can attach, through Zapier's file hydration. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { gstr1Record, operations, runOperation, type PresentedGstr1 } from '../../../shared';
import { TRANSLATES } from '../action';
import { call } from '../api';
import { inputField, outputFields } from '../fields';
import { hydrateGstr1 } from '../hydrators/gstr1';

const { getGstr1: operation } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async (connection, send) => {
    const answer = (await runOperation(
      operation,
      connection,
      { period: bundle.inputData.period },
      send,
    )) as PresentedGstr1;
    return { ...gstr1Record(answer), file: z.dehydrateFile(hydrateGstr1, { period: answer.period }) };
  });

// Its perform answers a pointer to the file, not the operation's answer as it is, so it is not a createAction; it
// translates the same operation all the same (its fields, labels and sample).
TRANSLATES.get_gstr1 = operation;

const sample = { ...operation.sample, file: 'SAMPLE FILE' };

export const getGstr1 = {
  key: 'get_gstr1',
  noun: 'GSTR-1',
  display: {
    label: 'Get GSTR-1',
    description:
      "Gets a month's GSTR-1 as the GST offline tool's JSON file, with a summary of each section, for the accountant.",
  },
  operation: {
    inputFields: Object.values(operation.fields).map((spec) => inputField(spec)),
    perform,
    sample,
    outputFields: outputFields(sample, operation.labels),
  },
};

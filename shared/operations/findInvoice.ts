/** Find Invoice by ID or by number; undefined when there is none. */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { ID_PREFIX } from '../service';
import { INVOICE_LABELS, type PresentedInvoice } from '../outputs';
import { samplePresentedTaxInvoice } from '../samples';
import { invoiceIdSchema, optional, optionalText } from '../schemas/primitives';
import { validateGiven } from '../validation';
import { fieldsOf, isAbsent, runOperation, type Connection, type Send } from './define';
import { getInvoice } from './getInvoice';
import { listInvoices } from './listInvoices';
import { sameText } from './findClient';
import { gstinInput } from '../gst/inputs';

const input = z
  .object({ invoice_id: optional(invoiceIdSchema), number: optionalText(50), client_gstin: optional(gstinInput) })
  .refine((given) => given.invoice_id !== undefined || given.number !== undefined || given.client_gstin !== undefined, {
    path: ['invoice_id'],
    message: `is required (${ID_PREFIX.invoice}…), or an Invoice Number (such as INV-000123) or a Client GSTIN instead`,
  });

async function run(connection: Connection, raw: unknown, send: Send): Promise<PresentedInvoice | undefined> {
  const { invoice_id: invoiceId, number, client_gstin: clientGstin } = validateGiven(input, raw ?? {});
  if (invoiceId) {
    try {
      return await runOperation(getInvoice, connection, { invoice_id: invoiceId }, send);
    } catch (error) {
      if (isAbsent(error)) return undefined;
      throw error;
    }
  }
  // By GSTIN alone: that client's newest tax invoice.
  if (number === undefined)
    return (await runOperation(listInvoices, connection, { client_gstin: clientGstin, limit: 1 }, send)).data[0];
  const page = await runOperation(listInvoices, connection, { number, client_gstin: clientGstin, limit: 1 }, send);
  return page.data.find((invoice) => sameText(invoice.number, number));
}

export const findInvoice = {
  input,
  fields: fieldsOf(input, [FIELDS.invoice.id, FIELDS.invoice.number, FIELDS.invoice.clientGstin]),
  labels: INVOICE_LABELS,
  sample: samplePresentedTaxInvoice,
  run,
};

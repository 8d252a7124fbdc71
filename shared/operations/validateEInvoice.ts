/**
 * Validate E-Invoice: a dry run (docs/api-contract.md, "Validate E-Invoice"): the INV-01 document the service would
 * report for an invoice and every reason the IRP would refuse it now, named by field, reporting nothing.
 */
import { z } from 'zod';
import { FIELDS } from '../fields';
import { sampleTaxInvoice } from '../samples';
import { invoiceIdSchema } from '../schemas/primitives';
import { defineOperation, read } from './define';

const { invoice, einvoice, record } = FIELDS;

export const einvoiceValidationSchema = z
  .object({
    object: z.literal('einvoice_validation'),
    /** The invoice's id again: each answer's stable id, as Zapier deduplicates on it. */
    id: z.string(),
    invoice_id: z.string(),
    valid: z.boolean(),
    problems: z.array(z.object({ code: z.string(), field: z.string().nullable(), message: z.string() }).passthrough()),
    document: z.record(z.unknown()).nullable(),
  })
  .passthrough();

export const EINVOICE_VALIDATION_LABELS: Readonly<Record<string, string>> = {
  object: record.object.label,
  id: einvoice.validatedId.label,
  invoice_id: invoice.id.label,
  valid: einvoice.valid.label,
  // The list is labelled by its entries' fields: Zapier reads an output field by a key its answers flatten to.
  'problems[]code': einvoice.problemCode.label,
  'problems[]field': einvoice.problemField.label,
  'problems[]message': einvoice.problemMessage.label,
  document: einvoice.document.label,
};

export const validateEInvoice = defineOperation({
  method: 'POST',
  path: '/invoices/{invoice_id}/einvoice/validate',
  status: 200,
  contract: 'validate-e-invoice',
  response: einvoiceValidationSchema,
  input: z.object({ invoice_id: invoiceIdSchema }).strict(),
  bodySchema: z.object({}).strict(),
  result: (body) => read(einvoiceValidationSchema, body),
  fields: [invoice.id],
  labels: EINVOICE_VALIDATION_LABELS,
  sample: {
    object: 'einvoice_validation' as const,
    id: sampleTaxInvoice.id,
    invoice_id: sampleTaxInvoice.id,
    valid: false,
    problems: [
      {
        code: 'schema_invalid',
        field: 'BuyerDtls.Addr1',
        message: "The document does not meet NIC's e-invoice schema (INV-01 1.1): BuyerDtls.Addr1 is empty",
      },
    ],
    document: null,
  },
  display: {
    resource: 'eInvoice',
    label: 'Validate E-Invoice',
    description:
      'Checks an invoice as the IRP would, without reporting it: the e-invoice document and every reason the ' +
      'IRP would refuse it, by field.',
    action: "Validate an invoice's e-invoice",
  },
});

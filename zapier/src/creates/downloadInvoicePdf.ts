/** Download Invoice PDF: a file (INV-000123.pdf) a later step can attach, through Zapier's file hydration. */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { operations, pdfAnswer, runOperation } from '../../../shared';
import { TRANSLATES } from '../action';
import { call } from '../api';
import { outputFields } from '../fields';
import { hydrateInvoicePdf } from '../hydrators/invoicePdf';
import { invoicePickerField } from '../pickers';

const { downloadInvoicePdf: operation, getInvoice } = operations;

const perform = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async (connection, send) => {
    const invoice = await runOperation(getInvoice, connection, { invoice_id: bundle.inputData.invoice_id }, send);
    return {
      ...pdfAnswer(invoice),
      file: z.dehydrateFile(hydrateInvoicePdf, { invoice_id: invoice.id, number: invoice.number }),
    };
  });

// Its perform answers a pointer to the file, not the operation's bytes, so it is not a createAction; it translates
// the same operation all the same (its fields, labels and sample).
TRANSLATES.download_invoice_pdf = operation;

export const downloadInvoicePdf = {
  key: 'download_invoice_pdf',
  noun: 'Invoice PDF',
  display: {
    label: 'Download Invoice PDF',
    description: 'Gets the invoice as a PDF file that a later step can attach to an e-mail, a message or a drive.',
  },
  operation: {
    inputFields: Object.values(operation.fields).map(invoicePickerField),
    perform,
    sample: { ...operation.sample, file: 'SAMPLE FILE' },
    outputFields: outputFields({ ...operation.sample, file: 'SAMPLE FILE' }, operation.labels),
  },
};

/** The app definition Zapier loads: connection, six instant triggers, client sync, invoices and payments. */
import { version as platformVersion } from 'zapier-platform-core';
import { version } from '../package.json';
import { createsFor } from './action';
import { authentication } from './authentication';
import { atLaunch } from './launch';
import { createClient } from './creates/createClient';
import { createInvoice } from './creates/createInvoice';
import { downloadInvoicePdf } from './creates/downloadInvoicePdf';
import { downloadCreditNotePdf, downloadDebitNotePdf } from './creates/downloadNotePdfs';
import { sendInvoice } from './creates/sendInvoice';
import { hydrateInvoicePdf } from './hydrators/invoicePdf';
import { getGstr1 } from './creates/getGstr1';
import { hydrateGstr1 } from './hydrators/gstr1';
import { recordPayment } from './creates/recordPayment';
import { updateClient } from './creates/updateClient';
import { findClient } from './searches/findClient';
import { findInvoice } from './searches/findInvoice';
import { findPayment } from './searches/findPayment';
import { findProduct } from './searches/findProduct';
import { clientCreated } from './triggers/clientCreated';
import { clientUpdated } from './triggers/clientUpdated';
import { invoiceCreated } from './triggers/invoiceCreated';
import { invoiceDeliveryFailed } from './triggers/invoiceDeliveryFailed';
import { invoiceDisputed } from './triggers/invoiceDisputed';
import { invoiceOverdue } from './triggers/invoiceOverdue';
import { invoiceOverdueDays } from './triggers/invoiceOverdueDays';
import { invoicePaid } from './triggers/invoicePaid';
import { invoiceSent } from './triggers/invoiceSent';
import { invoiceViewed } from './triggers/invoiceViewed';
import { invoiceVoided } from './triggers/invoiceVoided';
import { invoiceRefunded } from './triggers/invoiceRefunded';
import { findRefund } from './searches/findRefund';
import { findCreditNote } from './searches/findCreditNote';
import { findDebitNote } from './searches/findDebitNote';
import { creditNoteCreated } from './triggers/creditNoteCreated';
import { invoiceCredited } from './triggers/invoiceCredited';
import { debitNoteCreated } from './triggers/debitNoteCreated';
import { invoiceDebited } from './triggers/invoiceDebited';
import { invoiceEInvoiceGenerated } from './triggers/invoiceEInvoiceGenerated';
import { invoiceEInvoiceFailed } from './triggers/invoiceEInvoiceFailed';
import { invoiceEInvoiceCancelled } from './triggers/invoiceEInvoiceCancelled';
import { productCreated } from './triggers/productCreated';
import { productUpdated } from './triggers/productUpdated';

export = {
  version,
  platformVersion,
  authentication,
  // Every request goes through z.request, which logs itself; core's patch of node's http.request would
  // only add a second logger, and it drops the options of `request(url, options)` calls made by anything
  // else sharing the process (a sandbox in the same jest worker sent its webhooks as bare GETs).
  flags: { skipHttpPatch: true },
  // Keys repeat each definition's own key; the CLI's validate fails if one drifts.
  triggers: atLaunch({
    invoice_created: invoiceCreated,
    invoice_viewed: invoiceViewed,
    invoice_paid: invoicePaid,
    invoice_disputed: invoiceDisputed,
    client_created: clientCreated,
    client_updated: clientUpdated,
    invoice_sent: invoiceSent,
    invoice_delivery_failed: invoiceDeliveryFailed,
    invoice_overdue: invoiceOverdue,
    invoice_overdue_days: invoiceOverdueDays,
    invoice_voided: invoiceVoided,
    invoice_refunded: invoiceRefunded,
    credit_note_created: creditNoteCreated,
    invoice_credited: invoiceCredited,
    debit_note_created: debitNoteCreated,
    invoice_debited: invoiceDebited,
    invoice_einvoice_generated: invoiceEInvoiceGenerated,
    invoice_einvoice_failed: invoiceEInvoiceFailed,
    invoice_einvoice_cancelled: invoiceEInvoiceCancelled,
    product_created: productCreated,
    product_updated: productUpdated,
  }),
  // The creates with a file of their own; every other operation with `display` (Void Invoice) is built from it.
  creates: atLaunch(
    createsFor({
      create_invoice: createInvoice,
      create_client: createClient,
      update_client: updateClient,
      record_payment: recordPayment,
      send_invoice: sendInvoice,
      download_invoice_pdf: downloadInvoicePdf,
      get_gstr1: getGstr1,
      download_credit_note_pdf: downloadCreditNotePdf,
      download_debit_note_pdf: downloadDebitNotePdf,
    }),
  ),
  hydrators: { hydrateInvoicePdf, hydrateGstr1 },
  searches: atLaunch({
    find_client: findClient,
    find_invoice: findInvoice,
    find_payment: findPayment,
    find_product: findProduct,
    find_refund: findRefund,
    find_credit_note: findCreditNote,
    find_debit_note: findDebitNote,
  }),
  searchOrCreates: {
    find_client: {
      key: 'find_client',
      display: {
        label: 'Find or Create Client',
        description: 'Finds a client by e-mail address, creating it if none exists and updating it if it does.',
      },
      search: 'find_client',
      create: 'create_client',
      update: 'update_client',
      updateInputFromSearchOutput: { client_id: 'id' },
      searchUniqueInputToOutputConstraint: { email: 'email' },
    },
    // Issue 42: a shop's product by its SKU, created from the mapped fields when the catalogue has none.
    find_product: {
      key: 'find_product',
      display: {
        label: 'Find or Create Product',
        description: 'Finds a product by SKU, creating it if none exists and updating it if it does.',
      },
      search: 'find_product',
      create: 'create_product',
      update: 'update_product',
      updateInputFromSearchOutput: { product_id: 'id' },
      searchUniqueInputToOutputConstraint: { sku: 'sku' },
    },
  },
};

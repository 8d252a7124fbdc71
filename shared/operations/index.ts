/**
 * Every operation, one module each: its input, request, answer, fields, labels and sample. `operations`
 * is only the index; adding one is a module here and a line below.
 */
import { createClient } from './createClient';
import { createInvoice } from './createInvoice';
import { createWebhook } from './createWebhook';
import { deleteWebhook } from './deleteWebhook';
import { findClient } from './findClient';
import { findInvoice } from './findInvoice';
import { findPayment } from './findPayment';
import { getAccount } from './getAccount';
import { getClient } from './getClient';
import { getInvoice } from './getInvoice';
import { getPayment } from './getPayment';
import { getWebhook } from './getWebhook';
import { listClients } from './listClients';
import { listEvents } from './listEvents';
import { listInvoices } from './listInvoices';
import { listPayments } from './listPayments';
import { recordPayment } from './recordPayment';
import { findRefund } from './findRefund';
import { getRefund } from './getRefund';
import { listRefunds } from './listRefunds';
import { recordRefund } from './recordRefund';
import { recoverWebhook } from './recoverWebhook';
import { listWebhooks } from './listWebhooks';
import { simulateDispute, simulatePayment, simulateView } from './simulate';
import { updateClient } from './updateClient';
import { upsertClient } from './upsertClient';
import { sendInvoice } from './sendInvoice';
import { voidInvoice } from './voidInvoice';
import { cancelEInvoice } from './cancelEInvoice';
import { validateEInvoice } from './validateEInvoice';
import { getIrpPublicKey, simulateEInvoiceFailure } from './einvoiceHelpers';
import { downloadInvoicePdf } from './downloadInvoicePdf';
import { createProduct } from './createProduct';
import { getProduct } from './getProduct';
import { updateProduct } from './updateProduct';
import { listProducts } from './listProducts';
import { findProduct } from './findProduct';
import { upsertProduct } from './upsertProduct';
import { createCreditNote } from './createCreditNote';
import { getCreditNote } from './getCreditNote';
import { listCreditNotes } from './listCreditNotes';
import { findCreditNote } from './findCreditNote';
import { createDebitNote } from './createDebitNote';
import { getDebitNote } from './getDebitNote';
import { getGstr1 } from './getGstr1';
import { listDebitNotes } from './listDebitNotes';
import { findDebitNote } from './findDebitNote';
import { downloadCreditNotePdf } from './downloadCreditNotePdf';
import { downloadDebitNotePdf } from './downloadDebitNotePdf';
import { advanceClock, getClock, simulateDeliveryFailure, simulateOverdue } from './lifecycleHelpers';
import type { Operation, OperationDisplay } from './define';

export const operations = {
  getAccount,
  createInvoice,
  getInvoice,
  listInvoices,
  findInvoice,
  createClient,
  getClient,
  updateClient,
  listClients,
  findClient,
  upsertClient,
  recordPayment,
  getPayment,
  listPayments,
  findPayment,
  recordRefund,
  getRefund,
  listRefunds,
  findRefund,
  createWebhook,
  getWebhook,
  deleteWebhook,
  listWebhooks,
  recoverWebhook,
  listEvents,
  simulateView,
  simulatePayment,
  simulateDispute,
  getClock,
  advanceClock,
  simulateOverdue,
  // Before Send Invoice: the conformance run plants a failed send first, so both delivery events happen.
  simulateDeliveryFailure,
  sendInvoice,
  voidInvoice,
  cancelEInvoice,
  validateEInvoice,
  getIrpPublicKey,
  simulateEInvoiceFailure,
  downloadInvoicePdf,
  // Issue 42: the product catalogue.
  createProduct,
  getProduct,
  updateProduct,
  listProducts,
  findProduct,
  upsertProduct,
  createCreditNote,
  getCreditNote,
  listCreditNotes,
  findCreditNote,
  createDebitNote,
  getDebitNote,
  listDebitNotes,
  findDebitNote,
  // Issue 41: the month's GSTR-1.
  getGstr1,
  downloadCreditNotePdf,
  downloadDebitNotePdf,
};

/** An operation both editors show from its `display`, without a platform file (docs/architecture.md). */
export type DisplayedOperation = Operation & { display: OperationDisplay };

/** The registry's operations that declare `display`, with their registry names, in the registry's order. */
export const displayedOperations = Object.entries(operations).flatMap(([name, operation]) =>
  'display' in operation && operation.display ? [{ name, operation: operation as DisplayedOperation }] : [],
);

export * from './define';
export { listAll } from './listAll';
export { TRIGGER_INPUTS, triggerInput, type TriggerName } from './triggerInputs';
export { DAYS_OVERDUE_FIELD, invoicesOverdueBy, overdueRecord, sampleOverdueRecord } from './overdueBy';
export { deleteWebhookIfExists } from './deleteWebhook';
export { webhookIsActive } from './getWebhook';
export { recoverAfter } from './recoverWebhook';
export { recentEventRecords, eventTypeInput, listEventsQuerySchema, type ListEventsQuery } from './listEvents';
export { createInvoiceInputSchema, dueDateOrTerms, itemInputSchema, type CreateInvoiceInput } from './createInvoice';
export { addressInput, clientCreateInputSchema, type ClientCreateInput } from './createClient';
export { clientUpdateInputSchema, type ClientUpdateInput } from './updateClient';
export { daysOverdueInput, invoiceStatusInput, listInvoicesQuerySchema, type ListInvoicesQuery } from './listInvoices';
export { listClientsQuerySchema, type ListClientsQuery } from './listClients';
export { recordPaymentInputSchema, type RecordPaymentInput } from './recordPayment';
export { listPaymentsQuerySchema, type ListPaymentsQuery } from './listPayments';
export { recordRefundInputSchema, type RecordRefundInput } from './recordRefund';
export { listRefundsQuerySchema, type ListRefundsQuery } from './listRefunds';
export { listWebhooksQuerySchema } from './listWebhooks';
export { webhookCreateInputSchema, type WebhookCreateInput } from './createWebhook';
export {
  simulateDisputeInputSchema,
  simulatePaymentInputSchema,
  simulateViewInputSchema,
  type SimulateDisputeInput,
  type SimulatePaymentInput,
  type SimulateViewInput,
} from './simulate';
export { sendInvoiceInputSchema, DELIVERY_LABELS, type SendInvoiceInput } from './sendInvoice';
export { noteBodySchema } from './noteInputs';
export { cancelEInvoiceInputSchema, type CancelEInvoiceInput } from './cancelEInvoice';
export { einvoiceValidationSchema } from './validateEInvoice';
export { irpPublicKeySchema, simulateEInvoiceFailureInputSchema } from './einvoiceHelpers';
export { listCreditNotesQuerySchema } from './listCreditNotes';
export { listDebitNotesQuerySchema } from './listDebitNotes';
export { PDF_MEDIA_TYPE, pdfAnswer, pdfFileName } from './downloadInvoicePdf';
export { notePdfAnswer } from './notePdf';
export { PDF_DOWNLOADS, type PdfKind } from './pdfDownloads';
export {
  advanceClockInputSchema,
  clockSchema,
  simulateDeliveryFailureInputSchema,
  simulateOverdueInputSchema,
  type AdvanceClockInput,
  type SimulateDeliveryFailureInput,
  type SimulateOverdueInput,
} from './lifecycleHelpers';
export {
  KIND_MATCHES_CODE,
  kindCodeProblem,
  PRODUCT_FORM,
  PRODUCT_KINDS,
  kindMatchesCode,
  productCreateInputSchema,
  skuInput,
  type ProductCreateInput,
} from './createProduct';
export { productIdSchema } from './getProduct';
export { productUpdateInputSchema, type ProductUpdateInput } from './updateProduct';
export { listProductsQuerySchema, type ListProductsQuery } from './listProducts';
export { productBySku, sameSku } from './findProduct';
export { GSTR1_MEDIA_TYPE, gstr1PeriodProblem, gstr1Record, presentGstr1, type PresentedGstr1 } from './getGstr1';

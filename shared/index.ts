/**
 * The shared core: everything both connectors and the sandbox need, with no platform imports. Each name is
 * listed because something outside shared/ imports it (test/shared/reExports.test.ts checks that each still is);
 * a module's other exports stay its own until a platform needs one.
 */
export { ID_PREFIX, KEY_PREFIX, keyMode, normalizeBaseUrl, SERVICE, WEBHOOK_SECRET_PREFIX } from './service';
export {
  amountExample,
  COMMON_CURRENCIES,
  currencyExponent,
  currencyLocale,
  formatMinor,
  fromMinor,
  isKnownCurrency,
  minorUnitName,
} from './money';
export { AMOUNT_UNITS, readAmount } from './amounts';
export {
  clientChoice,
  clientChoices,
  ID_PATTERNS,
  idFromUrl,
  invoiceChoice,
  invoiceChoices,
  LINK_FORMS,
  noteChoices,
  paymentChoices,
  pickedKind,
  PICKER_HELP,
  refundChoices,
  PICKER_PAGE_SIZE,
} from './pickers';
export type { ChoicePage, PickerQuery } from './pickers';
export { CURRENCY_CHOICES, FIELDS, INVOICE_STATUS_CHOICES } from './fields';
export type { FieldLabel, FieldSpec, FieldType } from './fields';
export {
  accountSchema,
  clientCreatedEventSchema,
  clientIdSchema,
  clientSchema,
  clientUpdatedEventSchema,
  DELIVERY_FAILURE_CODES,
  DELIVERY_FAILURES,
  deliverySchema,
  deriveIdempotencyKey,
  echo,
  EVENT_TYPES,
  eventSchema,
  idempotencyKeySchema,
  INVOICE_STATUSES,
  invoiceCreatedEventSchema,
  invoiceDeliveryFailedEventSchema,
  invoiceDisputedEventSchema,
  invoiceIdSchema,
  invoiceOverdueEventSchema,
  invoicePaidEventSchema,
  invoiceRefundedEventSchema,
  invoiceSchema,
  invoiceSentEventSchema,
  invoiceViewedEventSchema,
  invoiceVoidedEventSchema,
  invoiceEInvoiceGeneratedEventSchema,
  invoiceEInvoiceFailedEventSchema,
  invoiceEInvoiceCancelledEventSchema,
  creditNoteCreatedEventSchema,
  invoiceCreditedEventSchema,
  debitNoteCreatedEventSchema,
  invoiceDebitedEventSchema,
  productCreatedEventSchema,
  productUpdatedEventSchema,
  isBlank,
  listPageSchema,
  listQuery,
  MAX_AMOUNT,
  MAX_IDEMPOTENCY_KEY,
  MAX_ITEMS,
  optional,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentSchema,
  problemSchema,
  UPI,
  VOID,
  webhookIdSchema,
  webhookSubscriptionSchema,
} from './schemas';
export type {
  Account,
  Client,
  Delivery,
  DeliveryChannel,
  DeliveryFailure,
  DeliveryKind,
  EventType,
  Invoice,
  InvoiceEvent,
  InvoicePaidEvent,
  Payment,
  Refund,
  WebhookEvent,
} from './schemas';
export {
  fieldLabel,
  holdsTemplate,
  InputError,
  knownInput,
  MAX_MESSAGE,
  TEMPLATE_REFUSAL,
  validateInput,
} from './validation';
export type { InputIssue } from './validation';
export { ApiError, headerValue, networkError, normalizeError, parseRetryAfter, redactSecrets } from './errors';
export type { RawResponse } from './errors';
export { CLIENT_LABELS, INVOICE_LABELS, presentInvoice, presentPayment } from './outputs';
export type { PresentedInvoice, PresentedPayment } from './outputs';
export type { CreditNote, DebitNote, NoteKind } from './schemas/notes';
export { NOTE_NUMBER_PREFIX } from './schemas/notes';
export {
  addressInput,
  advanceClockInputSchema,
  clientCreateInputSchema,
  clientUpdateInputSchema,
  createInvoiceInputSchema,
  DAYS_OVERDUE_FIELD,
  defineOperation,
  deleteWebhookIfExists,
  displayedOperations,
  displayNoun,
  expectOk,
  HEADERS,
  invoicesOverdueBy,
  itemInputSchema,
  labelsOf,
  listAll,
  listClientsQuerySchema,
  listEventsQuerySchema,
  listCreditNotesQuerySchema,
  listDebitNotesQuerySchema,
  listInvoicesQuerySchema,
  listPaymentsQuerySchema,
  listRefundsQuerySchema,
  noteBodySchema,
  operations,
  PDF_MEDIA_TYPE,
  PDF_DOWNLOADS,
  type PdfKind,
  pdfFileName,
  presentedPage,
  recentEventRecords,
  recordPaymentInputSchema,
  recordRefundInputSchema,
  recoverAfter,
  runOperation,
  sampleOverdueRecord,
  sendInvoiceInputSchema,
  shapeOf,
  simulateDeliveryFailureInputSchema,
  cancelEInvoiceInputSchema,
  simulateEInvoiceFailureInputSchema,
  simulateDisputeInputSchema,
  simulateOverdueInputSchema,
  simulatePaymentInputSchema,
  simulateViewInputSchema,
  TRIGGER_INPUTS,
  triggerInput,
  webhookCreateInputSchema,
  webhookIsActive,
} from './operations';
export type {
  ClientCreateInput,
  Connection,
  CreateInvoiceInput,
  DisplayedOperation,
  Fields,
  HttpRequest,
  Operation,
  OperationDisplay,
  Send,
  SimulateDisputeInput,
  SimulateViewInput,
  WebhookCreateInput,
} from './operations';
export {
  sampleAccount,
  sampleClient,
  sampleCreditNote,
  sampleDebitNote,
  sampleEvents,
  sampleEventsByType,
  sampleInvoice,
  samplePayment,
  samplePresentedInvoice,
  samplePresentedPayment,
  sampleRefund,
  sampleTaxInvoice,
  sampleWebhook,
} from './samples';
export {
  generateWebhookSecret,
  SIGNATURE_TOLERANCE_SECONDS,
  signWebhook,
  VERIFY_FAILURE_MESSAGES,
  verifyWebhook,
  webhookHeader,
} from './webhooks/signature';
export type { VerifyFailure } from './webhooks/signature';
export {
  DELIVERY_RETRY_WINDOW_SECONDS,
  EVENT_CATALOGUE,
  EVENT_LABELS,
  flattenEvent,
  parseEvent,
  receiveWebhook,
} from './webhooks/receive';
export type { FlatEventRecord } from './webhooks/receive';
export { mapConcurrent, waitOutRateLimits } from './throttle';
export { clientInputFromFields } from './clientForm';
export { catchUp, CursorExpired, eventsFrom, START, startingCursor } from './operations/catchUp';
export type { EventsPage, FetchEvents } from './operations/catchUp';
export {
  GST_RATE_VALUES,
  GST_STATES,
  gstinCheckCharacter,
  AATO_BANDS,
  EINVOICE_CANCEL_WINDOW_MS,
  EINVOICE_REPORTING_DAYS,
  IRP_ERRORS,
  IRP_SIGNING_ALGORITHM,
  einvoiceDocument,
  einvoiceDocumentSchema,
  financialYear,
  irnOf,
  paiseToRupees,
  signedQrData,
  verifyIrpJws,
  gstinInput,
  gstRate,
  gstState,
  askedTaxable,
  lineAmount,
  lineBalances,
  lineTax,
  lumpSumLine,
  noteLine,
  noteTotals,
  readGstin,
  singleRate,
  readPlaceOfSupply,
  taxTotals,
} from './gst';
export type {
  NoteLineFigures,
  SupplyType,
  EInvoiceCancelReason,
  EInvoiceDocument,
  EInvoiceSource,
  IrpErrorCode,
} from './gst';
export {
  addDays,
  daysBetween,
  daysOverdue,
  dueDateFor,
  isCalendarDate,
  IST,
  PAYMENT_TERMS_KEYS,
  todayIn,
} from './dueDates';
export { upiPayLink } from './upiLink';
// Issue 42: the product catalogue.
export { productChoice, productChoices } from './pickers';
export type { Product } from './schemas/resources';
export { sampleProduct } from './samples';
export {
  kindCodeProblem,
  listProductsQuerySchema,
  productCreateInputSchema,
  productUpdateInputSchema,
  type ProductCreateInput,
  type ProductUpdateInput,
} from './operations';
// Issue 41: the month's GSTR-1.
export { b2clLimit, buildGstr1, gstr1FileSchema } from './gst';
export type { Gstr1Invoice, Gstr1Line, Gstr1Note } from './gst';
export { GSTR1_MEDIA_TYPE, gstr1PeriodProblem, gstr1Record, type PresentedGstr1 } from './operations';

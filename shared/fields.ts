/**
 * The field catalogue: every word a user reads about an input or output field, written once so the
 * Zapier app and the n8n node say the same thing. Platform folders translate these entries into their
 * own field objects; they never hold their own copy of a label or help text. An entry also says where
 * the field shows in an answer (`shownAt`, `shownAs`), so output labels, event records and validation
 * messages read the same declaration (outputs.ts, webhooks/invoiceEvents.ts, validation.ts).
 */
import { displayNoun } from './nouns';
import { ID_PREFIX, KEY_PREFIX, SERVICE } from './service';
import { COMMON_CURRENCIES, amountExample, currencyName } from './money';
import {
  EINVOICE_CANCEL_REASONS,
  EINVOICE_CANCEL_REASON_VALUES,
  EINVOICE_REMARK_MAX,
  GST_RATES,
  GST_RATES_CHECKED,
  PLACE_OF_SUPPLY_CHOICES,
} from './gst';
import { PAYMENT_TERMS_KEYS } from './dueDates';
import { DELIVERY_CHANNELS, DELIVERY_KINDS, type DeliveryChannel, type DeliveryKind } from './schemas/delivery';
import { INVOICE_STATUSES } from './schemas/resources';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, UPI } from './schemas/paymentMethods';
import { NOTE_REASONS, firstNoteNumber, type NoteKind, type NoteReason } from './schemas/notes';

export type FieldType = 'string' | 'email' | 'integer' | 'boolean' | 'currency' | 'phone' | 'country' | 'id';

/**
 * A field's key and the labels it shows under. Alone, it declares a field a user only reads in an answer (an
 * invoice's link, an amount's formatted twin); a FieldSpec adds what an input needs.
 */
export interface FieldLabel {
  key: string;
  label: string;
  /** Its place in the answer's flat output when that is not `key` (`upi__utr`, `items[]description`). */
  shownAt?: string;
  /** Its label in answers when that is not `label` (a phone number is not only for WhatsApp there). */
  shownAs?: string;
  /** Typed in but never part of the answer of its resource (a filter, a key sent as a header). */
  inputOnly?: true;
}

export interface FieldSpec extends FieldLabel {
  help: string;
  type: FieldType;
  /** Set by the operation from its input schema (see fieldsOf); written here only for the connection. */
  required?: boolean;
  example?: string | number | boolean;
  /** Suggested values; `allowCustom` says whether others are accepted too. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  allowCustom?: boolean;
  default?: string | number | boolean;
}

const field = (spec: FieldSpec): FieldSpec => spec;
const labelled = (key: string, label: string, more: Partial<FieldLabel> = {}): FieldLabel => ({ key, label, ...more });

/** The label of an integer amount as the service sends it; its formatted twin has the plain label. */
const inMinorUnits = (label: string) => `${label} (Minor Units)`;
/** An amount the service sends and the formatted twin outputs.ts adds (`amount_due`, `amount_due_formatted`). */
const amountLabels = (key: string, label: string) =>
  [labelled(key, inMinorUnits(label)), labelled(`${key}_formatted`, label)] as const;

export const CURRENCY_CHOICES = COMMON_CURRENCIES.map((code) => ({
  value: code,
  label: `${code} (${currencyName(code)})`,
}));

/** partially_paid → "Partially Paid". */
const titleCase = (value: string) =>
  value
    .split('_')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');

export const INVOICE_STATUS_CHOICES = INVOICE_STATUSES.map((value) => ({ value, label: titleCase(value) }));

const PAYMENT_METHOD_CHOICES = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** The key the service deduplicates creations on (sent as the Idempotency-Key header). */
const idempotencyKeyField = (example: string, what: string, outcome: string) =>
  field({
    key: 'idempotency_key',
    label: 'Prevent Duplicates Key',
    type: 'string',
    example,
    inputOnly: true,
    help:
      `Optional. Map something unique to ${what}: if the same key is sent again within 24 hours, ` +
      `the first ${outcome} ` +
      '(1 to 255 characters).',
  });

const [amountDue, amountDueFormatted] = amountLabels('amount_due', 'Amount Due');
const [amountPaid, amountPaidFormatted] = amountLabels('amount_paid', 'Amount Paid');
const [amountRemaining, amountRemainingFormatted] = amountLabels('amount_remaining', 'Amount Remaining');
const [lineAmount, lineAmountFormatted] = amountLabels('items[]amount', 'Line Item Amount');
/** A line item's or a payment's amount. */
const [amount, amountFormatted] = amountLabels('amount', 'Amount');
/** When a payment or a refund was recorded (its created_at), as against when the money moved. */
const recordedAt = labelled('created_at', 'Recorded At');
/** What went back of a payment, or of all of an invoice's payments (issue 40). */
const [amountRefunded, amountRefundedFormatted] = amountLabels('amount_refunded', 'Amount Refunded');

/** GST figures: a line's tax heads (`items[]cgst`) and the invoice's (`tax__cgst`), each with its formatted twin. */
const TAX_HEADS = [
  ['cgst', 'CGST'],
  ['sgst', 'SGST'],
  ['utgst', 'UTGST'],
  ['igst', 'IGST'],
] as const;
const taxLabels = (
  group: 'line' | 'tax',
  label: (name: string) => string,
  extra: ReadonlyArray<readonly [string, string]>,
) =>
  Object.fromEntries(
    [...TAX_HEADS, ...extra].flatMap(([key, name]) =>
      amountLabels(key, label(name)).map((entry) => [
        `${group}_${entry.key}`,
        { ...entry, shownAt: group === 'line' ? `items[]${entry.key}` : `tax__${entry.key}` },
      ]),
    ),
  ) as Record<string, FieldLabel>;

/** An invoice's and a note's totals beside their heads. */
const TAX_TOTALS = [
  ['taxable_value', 'Taxable Value'],
  ['total_tax', 'Total Tax'],
  ['total', 'Total with Tax'],
] as const;

export const GST_RATE_CHOICES = GST_RATES.map(({ value, label }) => ({ value, label }));

/** One word for a client's and an invoice's place of supply (the invoice's wins over the client's). */
const placeOfSupply = field({
  key: 'place_of_supply',
  label: 'Place of Supply',
  type: 'string',
  example: '27',
  choices: PLACE_OF_SUPPLY_CHOICES,
  allowCustom: true,
  help:
    'GST only, optional: the state supplies are made to, as its 2-digit GST state code ' +
    '(27 Maharashtra, 29 Karnataka, 07 Delhi) ' +
    "or its name. Empty: the client's (its GSTIN's state). " +
    'Decides CGST + SGST (your own state) or IGST (another state).',
});

export const AMOUNT_UNIT_CHOICES = [
  { value: 'main', label: 'Currency Units (1,500.00 = ₹1,500.00)' },
  { value: 'minor', label: 'Minor Units: Paise, Cents (150000 = ₹1,500.00)' },
] as const;

const amountUnitField = field({
  key: 'amount_unit',
  label: 'Amounts Are In',
  type: 'string',
  inputOnly: true,
  default: 'main',
  choices: AMOUNT_UNIT_CHOICES,
  allowCustom: false,
  help:
    'Currency units (the default): amounts are written as people write prices, 1,500.00 for ₹1,500.00. ' +
    `Minor units: whole numbers of paise or cents, for data that already counts them (${amountExample('INR')}).`,
});

/** Words two groups share: an invoice line's quantity and a note's; a payment's note and a credit note's. */
const QUANTITY_LABEL = 'Quantity';
const DESCRIPTION_LABEL = 'Description';
const UNIT_LABEL = 'Unit';
const GST_RATE_LABEL = 'GST Rate';
const INVOICE_LINE_LABEL = 'Invoice Line';
const NOTE_LABEL = 'Note';

const NOTE_REASON_WORDS: Record<NoteReason, string> = {
  sales_return: 'Sales Return',
  post_sale_discount: 'Post-Sale Discount',
  deficiency_in_service: 'Deficiency in Service',
  correction: 'Correction in Invoice',
  change_in_place_of_supply: 'Change in Place of Supply',
  others: 'Others',
};

/** A note's number: in its answer, and what Find Credit Note and the notes' Get Many take (issue 40). */
const noteNumberField = (kind: NoteKind, noun: string) =>
  field({
    key: 'number',
    label: `${noun} Number`,
    type: 'string',
    example: firstNoteNumber(kind),
    help: `The ${noun.toLowerCase()} number as printed on it, such as ${firstNoteNumber(kind)}.`,
  });

/**
 * What a credit or debit note answer shows (contract: "The credit note and debit note objects"): its own
 * figures, each line's, the invoice it corrects. `noun` is "Credit Note" or "Debit Note".
 */
function noteAnswerLabels(noun: string, prefix: string): Record<string, FieldLabel> {
  const at = (group: 'line' | 'note', key: string, label: string): Array<[string, FieldLabel]> =>
    amountLabels(key, label).map((entry) => [
      `${prefix}_${group}_${entry.key}`,
      { ...entry, shownAt: group === 'line' ? `lines[]${entry.key}` : entry.key },
    ]);
  const [taxable, totalTax, total] = TAX_TOTALS;
  const heads = (group: 'line' | 'note', label: (name: string) => string) =>
    [...TAX_HEADS, group === 'line' ? (['tax', 'Tax'] as const) : totalTax, total].flatMap(([key, name]) =>
      at(group, key, label(name)),
    );
  const line = (key: string, name: string): [string, FieldLabel] => [
    `${prefix}_line_${key}`,
    labelled(key, `${noun} Line ${name}`, { shownAt: `lines[]${key}` }),
  ];
  return Object.fromEntries([
    [`${prefix}Status`, labelled('status', `${noun} Status`)],
    [`${prefix}InvoiceNumber`, labelled('invoice_number', `${noun}: Invoice Number`)],
    [`${prefix}InvoiceDate`, labelled('invoice_date', `${noun}: Invoice Date`)],
    line('line', INVOICE_LINE_LABEL),
    line('description', DESCRIPTION_LABEL),
    line('hsn_sac', 'HSN/SAC'),
    line('gst_rate', GST_RATE_LABEL),
    line('quantity', QUANTITY_LABEL),
    line('unit', UNIT_LABEL),
    ...at('line', 'unit_price', `${noun} Line Unit Price`),
    ...at('line', 'amount', `${noun} Line Taxable Value`),
    ...heads('line', (name) => `${noun} Line ${name}`),
    ...at('note', taxable[0], `${noun} ${taxable[1]}`),
    ...heads('note', (name) => `${noun} ${name}`),
  ]);
}

const SUPPLIER_GSTIN_LABEL = 'Supplier GSTIN';
const FILE_NAME_LABEL = 'File Name';

/** GSTR-1's summary (contract: "GSTR-1 (issue 41)", "The summary"): per section a count and its figures. */
function gstr1AnswerLabels(): Record<string, FieldLabel> {
  const sections = [
    ['b2b', 'B2B', 'invoices', 'Invoices'],
    ['b2cl', 'B2C Large', 'invoices', 'Invoices'],
    ['b2cs', 'B2C Small', 'invoices', 'Invoices'],
    ['cdnr', 'Notes to Registered', 'notes', 'Notes'],
    ['cdnur', 'Notes to Unregistered', 'notes', 'Notes'],
    ['hsn', 'HSN Summary', 'rows', 'Rows'],
  ] as const;
  const figures = (key: string, words: string) => [
    ...amountLabels(`${key}taxable_value`, `${words}Taxable Value`),
    ...amountLabels(`${key}tax`, `${words}Tax`),
  ];
  const entries = [
    labelled('id', 'GSTR-1 ID'),
    labelled('fp', 'Return Period (MMYYYY)'),
    labelled('gstin', SUPPLIER_GSTIN_LABEL),
    labelled('version', 'Offline Tool Version'),
    labelled('file_name', FILE_NAME_LABEL),
    labelled('file', 'GSTR-1 File'),
    labelled('documents_issued', 'Documents Issued'),
    labelled('documents_cancelled', 'Documents Cancelled'),
    labelled('warnings', 'Warnings'),
    ...figures('', 'Total '),
    ...sections.flatMap(([key, words, count, countWords]) => [
      labelled(`${key}_${count}`, `${words} ${countWords}`),
      ...figures(`${key}_`, `${words} `),
    ]),
  ];
  return Object.fromEntries(entries.map((entry) => [`answer_${entry.key}`, entry]));
}

const PAYMENT_TERMS_CHOICES = PAYMENT_TERMS_KEYS.map((value) => ({
  value,
  label: value === 'due_on_receipt' ? 'Due on Receipt' : titleCase(value),
}));

const CHANNEL_WORDS: Record<DeliveryChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };
const KIND_WORDS: Record<DeliveryKind, string> = {
  invoice: 'The Invoice',
  reminder: 'Payment Reminder (amount left, due date, UPI link)',
};

/** A product's price: typed as a price tag, answered in minor units beside its formatted twin. */
const productPrice = field({
  key: 'unit_price',
  label: 'Price',
  shownAs: 'Price (Minor Units)',
  type: 'string',
  example: '899.00',
  help:
    'The price of one unit before GST, written as on a price tag: 899, 899.00 or 1,250.50 in the ' +
    "product's currency. An invoice line may give its own unit price for one order.",
});

/** A payment's fields whose words a refund shares (FIELDS.payment, FIELDS.refund). */
const paymentMethod = field({
  key: 'method',
  label: 'Payment Method',
  type: 'string',
  required: true,
  example: 'bank_transfer',
  choices: PAYMENT_METHOD_CHOICES,
  allowCustom: false,
  help: 'How the money arrived: UPI, Bank Transfer (NEFT, IMPS, RTGS), Cash or Other.',
});
const paymentReference = field({
  key: 'reference',
  label: 'Reference',
  type: 'string',
  required: false,
  example: 'HDFCN52026112012345',
  help:
    "The bank's reference for a transfer (its NEFT/IMPS/RTGS UTR), a cheque or receipt number. " +
    'Find Payment searches by it (ignoring case and surrounding spaces).',
});
const paymentUtr = field({
  key: 'utr',
  label: 'UPI Reference (UTR)',
  shownAt: 'upi__utr',
  type: 'string',
  required: false,
  example: '412345678901',
  help:
    "The 12-digit UPI transaction reference (UTR/RRN) from the payer's or your bank app; spaces are ignored. " +
    'Needed when the method is UPI; one UTR can be recorded only once.',
});
const paymentNote = field({
  key: 'note',
  label: NOTE_LABEL,
  type: 'string',
  required: false,
  example: 'Part payment, balance due 30 Nov',
  help: 'Anything your books should keep with this payment (up to 500 characters).',
});

export const FIELDS = {
  connection: {
    apiKey: field({
      key: 'api_key',
      label: 'API Key',
      type: 'string',
      required: true,
      help:
        `Your ${SERVICE.displayName} secret key, from [API keys](${SERVICE.apiKeysUrl}). ` +
        `Keys starting \`${KEY_PREFIX.test}\` work on test data (and the local sandbox); ` +
        `keys starting \`${KEY_PREFIX.live}\` bill real clients.`,
    }),
    baseUrl: field({
      key: 'base_url',
      label: 'Base URL',
      type: 'string',
      default: SERVICE.defaultBaseUrl,
      example: SERVICE.sandboxBaseUrl,
      help:
        `Leave empty for ${SERVICE.defaultBaseUrl}. Set it to try things on the local sandbox ` +
        `(${SERVICE.sandboxBaseUrl}) or to reach a private deployment.`,
    }),
  },
  /** What every object the service returns has. */
  record: {
    id: labelled('id', 'ID'),
    object: labelled('object', 'Object Type'),
    livemode: labelled('livemode', 'Live Mode'),
    createdAt: labelled('created_at', 'Created At'),
    updatedAt: labelled('updated_at', 'Updated At'),
  },
  invoice: {
    clientEmail: field({
      key: 'client_email',
      label: 'Client Email',
      type: 'email',
      example: 'ana@example.com',
      help: 'E-mail address of the client to bill. A client with this address is created if none exists yet.',
    }),
    currency: field({
      key: 'currency',
      label: 'Currency',
      type: 'currency',
      example: 'INR',
      choices: CURRENCY_CHOICES,
      allowCustom: true,
      help: 'Three-letter ISO 4217 code such as INR, USD or EUR. Any valid code is accepted; lower case is fine.',
    }),
    items: field({
      key: 'items',
      label: 'Line Items',
      type: 'string',
      inputOnly: true,
      help: 'One entry per line on the invoice, in the order they should appear (1 to 100).',
    }),
    autoSendWhatsapp: field({
      key: 'auto_send_whatsapp',
      label: 'Send on WhatsApp',
      type: 'boolean',
      default: false,
      help:
        "Send the invoice to the client's WhatsApp number as soon as it is created. Needs a phone number " +
        'on the client; without one the invoice is still created and its WhatsApp status says why it was not sent.',
    }),
    amountUnit: amountUnitField,
    idempotencyKey: idempotencyKeyField(
      'order-10023',
      'this invoice, such as an order ID',
      'invoice is returned instead of a second one being created',
    ),
    id: field({
      key: 'invoice_id',
      label: 'Invoice ID',
      type: 'id',
      example: `${ID_PREFIX.invoice}3MtwBwLkdIwHu7ix`,
      inputOnly: true,
      help: `The invoice ID, starting \`${ID_PREFIX.invoice}\`.`,
    }),
    number: field({
      key: 'number',
      label: 'Invoice Number',
      type: 'string',
      example: 'INV-000123',
      help: 'The invoice number shown to the client, such as INV-000123.',
    }),
    status: field({
      key: 'status',
      label: 'Status',
      type: 'string',
      choices: INVOICE_STATUS_CHOICES,
      help: 'Only invoices in this status.',
    }),
    lineDescription: labelled('items[]description', 'Line Item Description'),
    lineAmount,
    lineAmountFormatted,
    amountDue,
    amountDueFormatted,
    amountPaid,
    amountPaidFormatted,
    amountRemaining,
    amountRemainingFormatted,
    whatsappStatus: labelled('whatsapp__status', 'WhatsApp Status'),
    whatsappErrorCode: labelled('whatsapp__error_code', 'WhatsApp Error Code'),
    whatsappError: labelled('whatsapp__error_message', 'WhatsApp Error'),
    hostedUrl: labelled('hosted_url', 'Invoice Link'),
    placeOfSupply: { ...placeOfSupply, inputOnly: true },
    clientGstin: field({
      key: 'client_gstin',
      label: 'Client GSTIN',
      shownAt: 'tax__client_gstin',
      type: 'string',
      example: '29AAGCB7383J1Z4',
      help: 'Only invoices to the client with this GSTIN (15 characters; spaces and case do not matter).',
    }),
    lineQuantity: labelled('items[]quantity', 'Line Item Quantity'),
    lineUnit: labelled('items[]unit', 'Line Item Unit'),
    ...Object.fromEntries(amountLabels('items[]unit_price', 'Line Item Unit Price').map((entry) => [entry.key, entry])),
    lineHsnSac: labelled('items[]hsn_sac', 'Line Item HSN/SAC'),
    lineProductId: labelled('items[]product_id', 'Line Item Product ID'),
    lineSku: labelled('items[]sku', 'Line Item SKU'),
    lineGstRate: labelled('items[]gst_rate', 'Line Item GST Rate'),
    ...taxLabels('line', (name) => `Line Item ${name}`, [
      ['tax', 'Tax'],
      ['total', 'Total'],
    ]),
    supplierGstin: labelled('supplier_gstin', SUPPLIER_GSTIN_LABEL, { shownAt: 'tax__supplier_gstin' }),
    supplierState: labelled('supplier_state', 'Supplier State Code', { shownAt: 'tax__supplier_state' }),
    taxPlaceOfSupply: labelled('tax_place_of_supply', 'Place of Supply (State Code)', {
      shownAt: 'tax__place_of_supply',
    }),
    placeOfSupplyName: labelled('place_of_supply_name', 'Place of Supply (State)', {
      shownAt: 'tax__place_of_supply_name',
    }),
    supplyType: labelled('supply_type', 'Supply Type', { shownAt: 'tax__supply_type' }),
    ...taxLabels('tax', (name) => name, TAX_TOTALS),
    dueDate: field({
      key: 'due_date',
      label: 'Due Date',
      type: 'string',
      example: '2026-11-30',
      help:
        'The day the client should pay by, written YYYY-MM-DD (a day in India, IST), today or later. ' +
        'Or leave it empty and choose Payment Terms; with neither, the invoice has no due date and is never overdue.',
    }),
    paymentTerms: field({
      key: 'payment_terms',
      label: 'Payment Terms',
      type: 'string',
      choices: PAYMENT_TERMS_CHOICES,
      allowCustom: false,
      help:
        'Sets the due date from today (in India, IST): Net 15 is due 15 days after the invoice is ' +
        'issued. Use this or Due Date, not both.',
    }),
    overdue: field({
      key: 'overdue',
      label: 'Overdue',
      type: 'boolean',
      help:
        'Only invoices past their due date that still owe money (Yes), or only those that are not (No). ' +
        'Paid and void invoices are never overdue.',
    }),
    daysOverdue: field({
      key: 'days_overdue',
      label: 'Days Overdue',
      type: 'integer',
      example: 7,
      help:
        'How many days after the due date (in India, IST), 1 to 365: 7 is a week after it. Only invoices that ' +
        'still owe money count; paid and void invoices never do.',
    }),
    dueBefore: field({
      key: 'due_before',
      label: 'Due Before',
      type: 'string',
      example: '2026-12-01',
      inputOnly: true,
      help: 'Only invoices due strictly before this day (YYYY-MM-DD, IST).',
    }),
    dueAfter: field({
      key: 'due_after',
      label: 'Due After',
      type: 'string',
      example: '2026-11-01',
      inputOnly: true,
      help: 'Only invoices due strictly after this day (YYYY-MM-DD, IST).',
    }),
    upiLink: labelled('upi_link', 'UPI Pay Link'),
    ...Object.fromEntries(
      [
        ...amountLabels('amount_credited', 'Amount Credited'),
        ...amountLabels('amount_debited', 'Amount Debited'),
        ...amountLabels('amount_refundable', 'Amount to Refund'),
      ].map((entry) => [entry.key, entry]),
    ),
    voidedAt: labelled('voided_at', 'Voided At'),
    /** Issue 41: the IRP's answer on an e-invoiced document (contract: "Statuses and the answer's fields"). */
    einvoiceStatus: labelled('einvoice_status', 'E-Invoice Status'),
    irn: labelled('irn', 'IRN'),
    ackNo: labelled('ack_no', 'Acknowledgement Number'),
    ackDate: labelled('ack_date', 'Acknowledgement Date'),
    signedQr: labelled('signed_qr', 'Signed QR Code'),
    signedInvoice: labelled('signed_invoice', 'Signed E-Invoice'),
    einvoiceErrorCode: labelled('einvoice_error_code', 'E-Invoice Error Code'),
    einvoiceErrorMessage: labelled('einvoice_error_message', 'E-Invoice Error'),
    einvoiceCancelledAt: labelled('einvoice_cancelled_at', 'E-Invoice Cancelled At'),
    einvoiceCancelReason: labelled('einvoice_cancel_reason', 'E-Invoice Cancel Reason'),
    einvoiceCancelRemark: labelled('einvoice_cancel_remark', 'E-Invoice Cancel Remark'),
    amountRefunded,
    amountRefundedFormatted,
    /** Download Invoice PDF's answer: the file and its name (not fields of the invoice itself). */
    pdfFile: labelled('file', 'PDF File', { inputOnly: true }),
    pdfFileName: labelled('file_name', FILE_NAME_LABEL, { inputOnly: true }),
  },
  /** Cancel and Validate E-Invoice (docs/api-contract.md, "E-invoicing (issue 41)"). */
  einvoice: {
    cancelReason: field({
      key: 'cancel_reason',
      label: 'Cancellation Reason',
      type: 'string',
      allowCustom: false,
      inputOnly: true,
      choices: EINVOICE_CANCEL_REASON_VALUES.map((value) => ({ value, label: EINVOICE_CANCEL_REASONS[value].label })),
      help:
        "The IRP's reason for cancelling the IRN (its codes 1 to 4). The IRP cancels only within 24 hours of " +
        'generation; later, correct the invoice with a credit note.',
    }),
    cancelRemark: field({
      key: 'cancel_remark',
      label: 'Cancellation Remark',
      type: 'string',
      example: 'Raised twice for the same order',
      inputOnly: true,
      help: `Optional words kept with the cancellation at the IRP (at most ${EINVOICE_REMARK_MAX} characters).`,
    }),
    validatedId: labelled('id', 'Validated Invoice ID'),
    valid: labelled('valid', 'Valid'),
    problems: labelled('problems', 'Problems'),
    problemCode: labelled('problems[]code', 'Problem Code'),
    problemField: labelled('problems[]field', 'Problem Field'),
    problemMessage: labelled('problems[]message', 'Problem'),
    document: labelled('document', 'E-Invoice Document'),
  },
  /** Send Invoice (docs/api-contract.md, "Sending and resending"). */
  sending: {
    channel: field({
      key: 'channel',
      label: 'Send By',
      type: 'string',
      default: DELIVERY_CHANNELS[0],
      shownAs: 'Delivery Channel',
      allowCustom: false,
      choices: DELIVERY_CHANNELS.map((value) => ({ value, label: CHANNEL_WORDS[value] })),
      help:
        "WhatsApp goes to the client's phone number; e-mail to the client's e-mail address. Sending " +
        'again is a resend.',
    }),
    kind: field({
      key: 'kind',
      label: 'Message',
      type: 'string',
      default: DELIVERY_KINDS[0],
      shownAs: 'Message Kind',
      allowCustom: false,
      choices: DELIVERY_KINDS.map((value) => ({ value, label: KIND_WORDS[value] })),
      help:
        'The invoice itself, or a reminder of what is still owed with its UPI pay link. Paid invoices ' +
        'get no reminders.',
    }),
    idempotencyKey: idempotencyKeyField(
      'reminder-INV-000123-day-7',
      'this send, such as the invoice number and the day',
      'send is answered again and nothing is sent twice',
    ),
    deliveryId: labelled('id', 'Delivery ID'),
    to: labelled('to', 'Sent To'),
    status: labelled('status', 'Delivery Status'),
    failureCode: labelled('failure_code', 'Failure Reason Code'),
    failureMessage: labelled('failure_message', 'Failure Reason'),
  },
  item: {
    description: field({
      key: 'description',
      label: DESCRIPTION_LABEL,
      type: 'string',
      example: 'Website design, May',
      help: 'What this line is for, as the client will read it (1 to 500 characters).',
    }),
    amount: field({
      key: amount.key,
      label: amountFormatted.label,
      shownAs: amount.label,
      type: 'string',
      example: '1,500.00',
      help:
        'What this line costs, written as on a price tag in the invoice currency: 1500, 1500.00 or 1,500.00 ' +
        '(₹1,500.00); before GST, which a GST Rate adds. Up to as many decimals as the currency has (none for JPY, ' +
        '3 for KWD). ' +
        'Data already in paise or cents? Set Amounts Are In to Minor Units.',
    }),
    quantity: field({
      key: 'quantity',
      label: QUANTITY_LABEL,
      type: 'string',
      example: '1.5',
      help:
        'Optional: how many, such as 3 or 1.5 (hours); up to 3 decimals. ' +
        'With a Unit Price, leave Amount empty: the line amount is ' +
        'quantity × unit price, rounded to the paisa. Empty means 1.',
    }),
    unit: field({
      key: 'unit',
      label: UNIT_LABEL,
      type: 'string',
      example: 'hrs',
      help: 'Optional: what the quantity counts, such as hrs, kg, NOS or pcs (up to 30 characters).',
    }),
    unitPrice: field({
      key: 'unit_price',
      label: 'Unit Price',
      type: 'string',
      example: '1,250.50',
      help:
        'Optional, instead of Amount: the price of one unit before GST, ' +
        'written as on a price tag: 1250.50 or 1,250.50 ' +
        '(₹1,250.50). The service multiplies it by the quantity.',
    }),
    hsnSac: field({
      key: 'hsn_sac',
      label: 'HSN/SAC Code',
      type: 'string',
      example: '998314',
      help:
        'GST only: the HSN code of goods (4 digits up to ₹5 crore turnover, 6 above; 8 accepted), ' +
        'such as 8471, or the 6-digit ' +
        'SAC of a service, starting 99, such as 998314 (IT consulting). Spaces and points are ignored.',
    }),
    gstRate: field({
      key: 'gst_rate',
      label: GST_RATE_LABEL,
      type: 'string',
      example: '18',
      choices: GST_RATE_CHOICES,
      allowCustom: false,
      help:
        `GST only: the rate for this line, from the rates in force since 22 September 2025 ` +
        `(list checked ${GST_RATES_CHECKED}), or ` +
        'Exempt, Nil-rated or Non-GST. Give every line a rate once one has one; ' +
        'the service splits it into CGST + SGST or IGST.',
    }),
    // Issue 42: a line from a product of the catalogue (contract: "A line from a product").
    product: field({
      key: 'product_id',
      label: 'Catalogue Product',
      type: 'id',
      example: `${ID_PREFIX.product}4Kq9TmW2xYz`,
      help:
        `Optional: a product of your catalogue (${ID_PREFIX.product}…); the service fills the description, ` +
        'HSN/SAC, GST rate, unit and unit price from it. What this line gives itself (a unit price, a quantity) ' +
        'wins; a different GST rate or HSN/SAC is refused. Or give its SKU instead.',
    }),
    sku: field({
      key: 'sku',
      label: 'Product SKU',
      type: 'string',
      example: 'TSHIRT-RED-M',
      help:
        "Optional: the SKU of a product of your catalogue, as a shop's order carries it (case does not matter); " +
        'the line is filled from that product, as with Product. Give the product or its SKU, not both.',
    }),
  },
  client: {
    id: field({
      key: 'client_id',
      label: 'Client ID',
      type: 'id',
      example: `${ID_PREFIX.client}NffrFeUfNV2Hib`,
      inputOnly: true,
      help: `The client ID, starting \`${ID_PREFIX.client}\`.`,
    }),
    email: field({
      key: 'email',
      label: 'Email',
      type: 'email',
      example: 'ana@example.com',
      help: "The client's e-mail address; it identifies the client, so no two clients share one.",
    }),
    name: field({
      key: 'name',
      label: 'Name',
      type: 'string',
      example: 'Ana Sharma',
      help: 'Full name of the client or contact person.',
    }),
    phone: field({
      key: 'phone',
      label: 'Phone (WhatsApp)',
      shownAs: 'Phone',
      type: 'phone',
      example: '+919812345678',
      help: 'Mobile number in international format, starting with + and the country code. Used for WhatsApp invoices.',
    }),
    company: field({
      key: 'company',
      label: 'Company',
      type: 'string',
      example: 'Sharma Design Studio',
      help: 'Company name printed on invoices.',
    }),
    taxId: field({
      key: 'tax_id',
      label: 'Tax ID',
      type: 'string',
      example: '27AAPFU0939F1ZV',
      help: 'Tax registration number (for example a GSTIN), printed on invoices.',
    }),
    addressLine1: field({
      key: 'line1',
      label: 'Address Line 1',
      shownAt: 'address__line1',
      type: 'string',
      example: '12 MG Road',
      help: 'Street address. Line 1, city, postal code and country are needed together.',
    }),
    addressLine2: field({
      key: 'line2',
      label: 'Address Line 2',
      shownAt: 'address__line2',
      type: 'string',
      example: 'Floor 3',
      help: 'Apartment, floor or building.',
    }),
    city: field({
      key: 'city',
      label: 'City',
      shownAt: 'address__city',
      type: 'string',
      example: 'Pune',
      help: 'City or town of the billing address.',
    }),
    state: field({
      key: 'state',
      label: 'State',
      shownAt: 'address__state',
      type: 'string',
      example: 'Maharashtra',
      help: 'State, province or region.',
    }),
    postalCode: field({
      key: 'postal_code',
      label: 'Postal Code',
      shownAt: 'address__postal_code',
      type: 'string',
      example: '411001',
      help: 'Postal or PIN code.',
    }),
    country: field({
      key: 'country',
      label: 'Country',
      shownAt: 'address__country',
      type: 'country',
      example: 'IN',
      help: 'Two-letter country code (ISO 3166-1), such as IN, US or GB.',
    }),
    gstin: field({
      key: 'gstin',
      label: 'GSTIN',
      type: 'string',
      example: '29AAGCB7383J1Z4',
      help:
        "The client's GST registration (15 characters, such as 29AAGCB7383J1Z4): " +
        'checked character by character; its first two ' +
        'digits give the state. Leave empty for a client without one (B2C).',
    }),
    placeOfSupply,
    /** The address as one object: named in messages about it, and the word client events prefix. */
    address: labelled('address', 'Address', { inputOnly: true }),
  },
  payment: {
    id: field({
      key: 'payment_id',
      label: 'Payment ID',
      type: 'id',
      required: true,
      example: `${ID_PREFIX.payment}1NqW2cHq8ZkYd3Tx`,
      inputOnly: true,
      help: `The payment ID, starting \`${ID_PREFIX.payment}\`.`,
    }),
    method: paymentMethod,
    amount: field({
      key: amount.key,
      label: amountFormatted.label,
      shownAs: amount.label,
      type: 'string',
      required: true,
      example: '5,000.00',
      help:
        "What arrived, in the invoice's currency as written on a receipt: 5000, 5000.00 or 5,000.00 (₹5,000.00); " +
        'at most what the invoice still has to be paid. A currency with 3 decimals takes its code: KWD 1.005. ' +
        'Data already in paise or cents? Set Amounts Are In to Minor Units.',
    }),
    amountUnit: amountUnitField,
    reference: paymentReference,
    amountFormatted,
    utr: paymentUtr,
    vpa: field({
      key: 'vpa',
      label: 'Payer UPI ID (VPA)',
      shownAt: 'upi__vpa',
      type: 'string',
      required: false,
      example: 'ana.sharma@okaxis',
      help: "The payer's UPI ID, such as ana.sharma@okaxis, if known. UPI payments only.",
    }),
    paidAt: field({
      key: 'paid_at',
      label: 'Paid At',
      type: 'string',
      required: false,
      example: '2026-11-20T10:30:00+05:30',
      help:
        'When the money arrived: an ISO 8601 date (2026-11-20, midnight UTC) or date and time with its time zone ' +
        '(2026-11-20T10:30:00+05:30). Leave empty for now; at most 5 minutes in the future.',
    }),
    note: paymentNote,
    idempotencyKey: idempotencyKeyField(
      'stmt-2026-11-20-line-14',
      'this payment, such as the bank statement line',
      'payment is returned instead of a second one being recorded',
    ),
    paidFrom: field({
      key: 'paid_from',
      label: 'Paid From',
      type: 'string',
      required: false,
      inputOnly: true,
      example: '2026-11-01T00:00:00+05:30',
      help: 'Only payments paid at or after this moment (ISO 8601, with a time zone unless it is a date).',
    }),
    paidBefore: field({
      key: 'paid_before',
      label: 'Paid Before',
      type: 'string',
      required: false,
      inputOnly: true,
      example: '2026-12-01T00:00:00+05:30',
      help: 'Only payments paid strictly before this moment, so consecutive periods never count a payment twice.',
    }),
    recordedAt,
    amountRefunded,
    amountRefundedFormatted,
    refundIds: labelled('refund_ids', 'Refund IDs'),
  },
  /** Refunds (docs/api-contract.md, "Refunds"): money back to the client against one payment. */
  refund: {
    id: field({
      key: 'refund_id',
      label: 'Refund ID',
      type: 'id',
      required: true,
      example: `${ID_PREFIX.refund}1NrA8kHq8ZkYd3Tx`,
      inputOnly: true,
      help: `The refund ID, starting \`${ID_PREFIX.refund}\`.`,
    }),
    amount: field({
      key: amount.key,
      label: amountFormatted.label,
      shownAs: amount.label,
      type: 'string',
      required: true,
      example: '1,500.00',
      help:
        "What went back to the client, in the payment's currency as written on a receipt: 1500, 1500.00 or " +
        '1,500.00 (₹1,500.00); at most what is left of the payment after earlier refunds. ' +
        'Data already in paise or cents? Set Amounts Are In to Minor Units.',
    }),
    amountFormatted,
    // One key, one word: a refund's method, UTR, reference and note are called as a payment's, so a refusal
    // names the field as the form does (validation.ts reads one label per key); only the help differs.
    method: field({
      ...paymentMethod,
      example: UPI,
      help: 'How the money went back: UPI, Bank Transfer (NEFT, IMPS, RTGS), Cash or Other, whatever the payment was.',
    }),
    utr: field({
      ...paymentUtr,
      example: '512345678902',
      help:
        "The 12-digit UPI reference (UTR/RRN) of the refund's own UPI transfer, from your bank app (not the " +
        "payment's); spaces are ignored. Needed when the method is UPI; one UTR can be recorded only once.",
    }),
    reference: field({
      ...paymentReference,
      example: 'HDFCN52026112298765',
      help:
        "The bank's reference for a refund by transfer (its NEFT/IMPS/RTGS UTR) or a cash receipt number. " +
        'Find Refund searches by it (ignoring case and surrounding spaces).',
    }),
    refundedAt: field({
      key: 'refunded_at',
      label: 'Refunded At',
      type: 'string',
      required: false,
      example: '2026-11-22T16:00:00+05:30',
      help:
        'When the money went back: an ISO 8601 date (2026-11-22, midnight UTC) or date and time with its time ' +
        'zone (2026-11-22T16:00:00+05:30), not before the payment. Leave empty for now.',
    }),
    note: field({
      ...paymentNote,
      example: 'Order 10023 returned',
      help: 'Why the money went back, for your books (up to 500 characters).',
    }),
    amountUnit: amountUnitField,
    idempotencyKey: idempotencyKeyField(
      'return-order-10023',
      'this refund, such as the return or order number',
      'refund is returned instead of a second one being recorded',
    ),
    status: labelled('status', 'Refund Status'),
    recordedAt,
  },
  /** Credit and debit notes (docs/api-contract.md, "Credit notes and debit notes"). */
  note: {
    creditNoteId: field({
      key: 'credit_note_id',
      label: 'Credit Note ID',
      type: 'id',
      example: `${ID_PREFIX.credit_note}1PqR7sHq8ZkYd3Tx`,
      inputOnly: true,
      help: `The credit note ID, starting \`${ID_PREFIX.credit_note}\`.`,
    }),
    debitNoteId: field({
      key: 'debit_note_id',
      label: 'Debit Note ID',
      type: 'id',
      example: `${ID_PREFIX.debit_note}1PqR7sHq8ZkYd3Tx`,
      inputOnly: true,
      help: `The debit note ID, starting \`${ID_PREFIX.debit_note}\`.`,
    }),
    reason: field({
      key: 'note_reason',
      label: 'Reason',
      type: 'string',
      example: 'sales_return',
      choices: NOTE_REASONS.map((value) => ({ value, label: NOTE_REASON_WORDS[value] })),
      allowCustom: false,
      help:
        'Why the invoice is corrected, from the GST return list: Sales Return, Post-Sale Discount, ' +
        'Deficiency in Service, Correction in Invoice, Change in Place of Supply or Others.',
    }),
    line: field({
      key: 'line',
      label: INVOICE_LINE_LABEL,
      // Text, so an editor's empty field is blank (no line) rather than 0.
      type: 'string',
      example: '1',
      inputOnly: true,
      help:
        'Optional: the invoice line to correct, by its number (1 for the first), with Quantity or Amount. ' +
        'Leave empty for a lump sum (Taxable Amount alone) or, on a credit note, for everything not yet credited.',
    }),
    quantity: field({
      key: 'quantity',
      label: QUANTITY_LABEL,
      type: 'string',
      example: '1.5',
      inputOnly: true,
      help:
        "Optional, with Invoice Line: how many of the line's units, such as 1 or 1.5, at its unit price " +
        '(up to 3 decimals). Leave Taxable Amount empty then.',
    }),
    taxableAmount: field({
      key: 'taxable_amount',
      label: 'Taxable Amount',
      type: 'string',
      example: '1,500.00',
      inputOnly: true,
      help:
        "The taxable value (before GST, which the service adds at the invoice line's rate) in the invoice's " +
        'currency: 1500, 1500.00 or 1,500.00 (₹1,500.00). With Invoice Line, off or onto that line; alone, a ' +
        'lump sum (the invoice must have one GST rate). Data already in paise? Set Amounts Are In to Minor Units.',
    }),
    note: field({
      key: 'note',
      label: NOTE_LABEL,
      type: 'string',
      example: 'Order 10023: 1 of 2 returned',
      help: 'Optional: anything the client should read on the note (up to 500 characters).',
    }),
    amountUnit: amountUnitField,
    idempotencyKey: idempotencyKeyField(
      'return-10023',
      'this note, such as the return or order ID',
      'note is returned instead of a second one being issued',
    ),
    creditNumber: noteNumberField('credit', displayNoun('creditNote')),
    ...noteAnswerLabels(displayNoun('creditNote'), 'credit'),
  },
  /** A debit note's answer, worded as a debit note. */
  debitNote: {
    debitNumber: noteNumberField('debit', displayNoun('debitNote')),
    ...noteAnswerLabels(displayNoun('debitNote'), 'debit'),
  },
  webhook: {
    url: labelled('url', 'Webhook URL'),
    events: labelled('events', 'Events'),
  },
  event: {
    id: labelled('event_id', 'Event ID'),
    type: labelled('type', 'Event Type'),
    occurredAt: labelled('occurred_at', 'Occurred At'),
    startingAfter: labelled('starting_after', 'Starting After'),
  },
  /** How a client viewed an invoice and why they disputed it: what those test helpers take and their events carry. */
  viewAndDispute: {
    channel: labelled('channel', 'Channel'),
    reason: labelled('reason', 'Dispute Reason'),
  },
  list: {
    limit: field({
      key: 'limit',
      label: 'Limit',
      type: 'integer',
      default: 50,
      example: 50,
      inputOnly: true,
      help: 'How many results to return at most.',
    }),
  },
  /** Issue 42: the catalogue (contract: "The product resource"). */
  product: {
    id: field({
      key: 'product_id',
      label: 'Product ID',
      type: 'id',
      example: `${ID_PREFIX.product}4Kq9TmW2xYz`,
      inputOnly: true,
      help: `The product ID, starting \`${ID_PREFIX.product}\`.`,
    }),
    name: field({
      key: 'name',
      label: 'Product Name',
      type: 'string',
      example: 'Cotton T-shirt, red, M',
      help:
        'What the product is called (1 to 200 characters); a line made from it reads this ' +
        'unless the product has a description.',
    }),
    sku: field({
      key: 'sku',
      label: 'SKU',
      type: 'string',
      example: 'TSHIRT-RED-M',
      help:
        "The stock-keeping unit your shop's orders carry (1 to 64 characters, no spaces), unique in the account: " +
        'TSHIRT-RED-M and tshirt-red-m are the same SKU.',
    }),
    productType: field({
      key: 'product_type',
      label: 'Goods or Service',
      type: 'string',
      example: 'goods',
      choices: [
        { value: 'goods', label: 'Goods (HSN Code)' },
        { value: 'service', label: 'Service (SAC)' },
      ],
      allowCustom: false,
      help: 'Goods carry an HSN code, services a SAC (starting 99): a code of the other kind is refused.',
    }),
    description: field({
      key: 'description',
      label: 'Product Description',
      type: 'string',
      example: 'Cotton T-shirt, red, size M',
      help: 'Optional: what an invoice line made from this product says (up to 500 characters); empty: its name.',
    }),
    unitPrice: productPrice,
    unitPriceFormatted: labelled('unit_price_formatted', productPrice.label),
    archived: field({
      key: 'archived',
      label: 'Archived',
      type: 'boolean',
      help:
        'Archived products stay on the invoices that used them but leave the pickers and the list, ' +
        'and a new invoice line refuses them. Yes archives, No restores.',
    }),
    search: field({
      key: 'search',
      label: 'Search',
      type: 'string',
      example: 'T-shirt',
      inputOnly: true,
      help: 'Only products whose name, SKU or description contains these words (case does not matter).',
    }),
    createIfNotFound: field({
      key: 'create_if_not_found',
      label: 'Create If Not Found',
      type: 'boolean',
      inputOnly: true,
      help: 'Create the product from the fields below when no product has this SKU (Yes); otherwise find only.',
    }),
    archivedOnly: field({
      key: 'archived',
      label: 'Archived Only',
      type: 'boolean',
      inputOnly: true,
      help: 'Only archived products (Yes); without it, only active ones.',
    }),
  },
  gstr1: {
    period: field({
      key: 'period',
      label: 'Period',
      type: 'string',
      required: true,
      example: '2026-10',
      help:
        'The month of the return, written YYYY-MM: 2026-10 for October 2026. A month that has begun (the current ' +
        'one gives what is issued so far), from 2017-07 (GST began in July 2017) on.',
    }),
    ...gstr1AnswerLabels(),
  },
} as const satisfies Record<string, Record<string, FieldLabel>>;

/** What a field is called where it is shown in an answer. */
export const shownLabel = (entry: FieldLabel): string => entry.shownAs ?? entry.label;

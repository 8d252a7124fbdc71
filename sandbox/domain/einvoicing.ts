/**
 * The sandbox's IRP (contract: "E-invoicing (issue 41)"): an e-invoicing account's B2B tax invoices and their notes
 * are reported when created and answered at once: the INV-01 document checked against our schema, NIC's IRN, an
 * acknowledgement, the signed QR and signed invoice; or a failure in the IRP's words. Duplicate IRNs are refused
 * across accounts (the IRP's registry is one for all), the 30-day limit applies above ₹10 crore, an IRN is
 * cancelled only within 24 hours, and the next report can be made to fail (as a send can).
 */
import {
  EINVOICE_CANCEL_WINDOW_MS,
  EINVOICE_REPORTING_DAYS,
  IRP_ERRORS,
  type EInvoiceCancelReason,
  type EInvoiceDocument,
  type EInvoiceSource,
  type Invoice,
  type IrpErrorCode,
  einvoiceDocument,
  einvoiceDocumentSchema,
  irnOf,
  signedQrData,
  todayIn,
} from '../../shared';
import { nowFor, timeZoneOf, todayFor } from './clock';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { invoiceParties } from './invoiceParties';
import { irpSign } from './irpKey';
import { Problem } from './problems';

type Tax = NonNullable<Invoice['tax']>;
/** What an e-invoice adds to its invoice or note (contract: "Statuses and the answer's fields"). */
export type EInvoiceFields = Record<string, string | null>;

const DAY_MS = 24 * 60 * 60 * 1000;
const plantedKey = (accountId: string) => `irp_fail_next:${accountId}`;
const registryKey = (irn: string) => `irn:${irn}`;

export function plantIrpFailure(ctx: Context, code: IrpErrorCode): void {
  ctx.data.store.setMeta(plantedKey(ctx.account.id), code);
}

function takePlanted(ctx: Context): IrpErrorCode | undefined {
  const planted = ctx.data.store.meta(plantedKey(ctx.account.id), () => '');
  if (planted) ctx.data.store.setMeta(plantedKey(ctx.account.id), '');
  return (planted || undefined) as IrpErrorCode | undefined;
}

/** Whether the account reports this document: it e-invoices and the document is B2B (the client has a GSTIN). */
export const einvoices = (ctx: Context, tax: Tax | undefined): tax is Tax =>
  Boolean(ctx.account.einvoicing?.enabled && tax?.client_gstin);

/** The invoice as the document's source: its parties as issued, its lines, its date in the account's zone. */
export function invoiceSource(ctx: Context, invoice: Invoice & { tax: Tax }): EInvoiceSource {
  const client = ctx.data.clients.get(invoice.client_id);
  const named = invoiceParties(invoice, ctx.account, client);
  return {
    type: 'INV',
    number: invoice.number,
    date: todayIn(new Date(invoice.created_at), timeZoneOf(ctx.account)),
    supplier: { gstin: invoice.tax.supplier_gstin, name: named.supplier.name, address: ctx.account.address },
    buyer: {
      gstin: invoice.tax.client_gstin ?? '',
      name: client?.company ?? client?.name ?? named.recipient.name,
      address: client?.address,
    },
    placeOfSupply: invoice.tax.place_of_supply,
    lines: invoice.items,
  };
}

/** A credit or debit note as the document's source: its invoice's parties and supply, its own lines and date. */
export function noteSource(
  ctx: Context,
  note: { number: string; object: string; invoice_date: string; lines: EInvoiceSource['lines'] },
  invoice: Invoice & { tax: Tax },
): EInvoiceSource {
  const ofInvoice = invoiceSource(ctx, invoice);
  return {
    ...ofInvoice,
    type: note.object === 'credit_note' ? 'CRN' : 'DBN',
    number: note.number,
    date: todayFor(ctx),
    lines: note.lines,
    reference: { number: invoice.number, date: note.invoice_date },
  };
}

/** `YYYY-MM-DD HH:mm:ss` in IST, as the IRP writes AckDt. */
const irpTime = (instant: Date) =>
  new Date(instant.getTime() + 330 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
/** The same instant as an answer writes it: ISO 8601 with IST's offset (Zapier reads dates with a zone). */
const isoIst = (irp: string) => `${irp.replace(' ', 'T')}+05:30`;

function nextAckNo(ctx: Context): string {
  const next = Number(ctx.data.store.meta('irp_ack_counter', () => '0')) + 1;
  ctx.data.store.setMeta('irp_ack_counter', String(next));
  return `1120${String(next).padStart(11, '0')}`;
}

export interface EInvoiceProblem {
  code: IrpErrorCode | 'not_b2b' | 'not_einvoicing';
  field: string | null;
  message: string;
}

/** Every reason the IRP would refuse the document now; none when it would be registered. */
export function problemsOf(ctx: Context, source: EInvoiceSource, doc: EInvoiceDocument): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  const checked = einvoiceDocumentSchema.safeParse(doc);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path.join('.');
      problems.push({
        code: 'schema_invalid',
        field,
        message: `${IRP_ERRORS.schema_invalid}: ${field} ${issue.message}`,
      });
    }
  }
  const age = (Date.parse(todayFor(ctx)) - Date.parse(source.date)) / DAY_MS;
  if (ctx.account.einvoicing?.aato_band === 'above_10_crore' && age > EINVOICE_REPORTING_DAYS) {
    problems.push({
      code: 'reporting_window_passed',
      field: 'DocDtls.Dt',
      message: IRP_ERRORS.reporting_window_passed,
    });
  }
  const irn = irnOf(source.supplier.gstin, source.date, source.type, source.number);
  if (ctx.data.store.meta(registryKey(irn), () => '')) {
    problems.push({ code: '2150', field: 'DocDtls.No', message: IRP_ERRORS['2150'] });
  }
  return problems;
}

const failed = (code: IrpErrorCode, message: string = IRP_ERRORS[code]): EInvoiceFields => ({
  einvoice_status: 'failed',
  einvoice_error_code: code,
  einvoice_error_message: message,
});

/** Reports the document to the sandbox's IRP: the fields its answer gains, generated or failed. */
export function report(ctx: Context, source: EInvoiceSource, documentId: string): EInvoiceFields {
  const doc = einvoiceDocument(source);
  const planted = takePlanted(ctx);
  if (planted) return failed(planted);
  const [first] = problemsOf(ctx, source, doc);
  if (first) return failed(first.code as IrpErrorCode, first.message);
  const irn = irnOf(source.supplier.gstin, source.date, source.type, source.number);
  ctx.data.store.setMeta(registryKey(irn), documentId);
  const ackNo = nextAckNo(ctx);
  const ackDate = irpTime(nowFor(ctx));
  const iss = 'NIC Sandbox';
  const signedInvoice = irpSign(ctx.data.store, {
    data: JSON.stringify({ ...doc, Irn: irn, AckNo: Number(ackNo), AckDt: ackDate }),
    iss,
  });
  const signedQr = irpSign(ctx.data.store, { data: JSON.stringify(signedQrData(doc, irn, ackDate)), iss });
  return {
    einvoice_status: 'generated',
    irn,
    ack_no: ackNo,
    ack_date: isoIst(ackDate),
    signed_qr: signedQr,
    signed_invoice: signedInvoice,
  };
}

/** At creation: reports a B2B tax invoice of an e-invoicing account and records the outcome's event. */
export function reportInvoice(ctx: Context, invoice: Invoice): Invoice {
  if (!einvoices(ctx, invoice.tax)) return invoice;
  const fields = report(ctx, invoiceSource(ctx, invoice as Invoice & { tax: Tax }), invoice.id);
  const reported = { ...invoice, ...fields } as Invoice;
  ctx.data.invoices.replace(reported);
  const type = fields.einvoice_status === 'generated' ? 'invoice.einvoice_generated' : 'invoice.einvoice_failed';
  recordInvoiceEvent(ctx, type, reported, {});
  return reported;
}

/** Cancels the invoice's IRN within 24 hours of its acknowledgement, with the IRP's reason; a repeat is a no-op. */
export function cancelEInvoice(ctx: Context, invoice: Invoice, reason: EInvoiceCancelReason, remark?: string) {
  const status = invoice.einvoice_status;
  if (status === 'cancelled') return invoice;
  if (status !== 'generated' || !invoice.ack_date) {
    throw new Problem(
      409,
      'einvoice_not_generated',
      `${invoice.number} has no e-invoice to cancel (its e-invoice status is ${status ?? 'none'}): ` +
        'only a generated IRN can be cancelled.',
    );
  }
  if (nowFor(ctx).getTime() - Date.parse(invoice.ack_date) > EINVOICE_CANCEL_WINDOW_MS) {
    throw new Problem(
      409,
      'einvoice_cancel_window_passed',
      `${invoice.number}'s e-invoice was generated on ${invoice.ack_date} IST. 2270: ${IRP_ERRORS['2270']}`,
    );
  }
  const cancelled = {
    ...invoice,
    einvoice_status: 'cancelled',
    einvoice_cancelled_at: isoIst(irpTime(nowFor(ctx))),
    einvoice_cancel_reason: reason,
    einvoice_cancel_remark: remark ?? null,
  } as Invoice;
  ctx.data.invoices.replace(cancelled);
  recordInvoiceEvent(ctx, 'invoice.einvoice_cancelled', cancelled, {});
  return cancelled;
}

/** A dry run: the document and every reason the IRP would refuse it, reporting and emitting nothing. */
export function validateEInvoice(ctx: Context, invoice: Invoice) {
  const problems: EInvoiceProblem[] = [];
  if (!ctx.account.einvoicing?.enabled) {
    problems.push({
      code: 'not_einvoicing',
      field: null,
      message: 'The account does not e-invoice: turn e-invoicing on in the account settings first.',
    });
  }
  if (!invoice.tax?.client_gstin) {
    problems.push({
      code: 'not_b2b',
      field: 'client_gstin',
      message: `${invoice.number} is not a B2B tax invoice (its client has no GSTIN), so it gets no e-invoice.`,
    });
    return validation(invoice, problems, null);
  }
  const source = invoiceSource(ctx, invoice as Invoice & { tax: Tax });
  const doc = einvoiceDocument(source);
  // An IRN the invoice itself holds is not a duplicate of itself.
  const own = (problem: EInvoiceProblem) => !(problem.code === '2150' && invoice.irn);
  problems.push(...problemsOf(ctx, source, doc).filter(own));
  return validation(invoice, problems, doc);
}

const validation = (invoice: Invoice, problems: EInvoiceProblem[], document: EInvoiceDocument | null) => ({
  object: 'einvoice_validation',
  id: invoice.id,
  invoice_id: invoice.id,
  valid: !problems.length,
  problems,
  document,
});

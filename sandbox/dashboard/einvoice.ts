/**
 * An invoice's e-invoice as its hosted page and the dashboard show it (contract: "Statuses and the answer's
 * fields"): the status, and once generated the IRN, the acknowledgement and the IRP's signed QR beside the UPI one;
 * a failure in the IRP's words. Rule 48(4) wants the IRN and the QR on the invoice, so they are printed, not linked.
 */
import { FIELDS, type Invoice } from '../../shared';
import { qrSvg } from '../domain/upiQr';

const words = FIELDS.invoice;

export function einvoiceHtml(invoice: Invoice, escapeHtml: (text: string) => string): string {
  if (!invoice.einvoice_status) return '';
  const row = (label: string, value: string | null | undefined) =>
    value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
  const details = [
    row(words.einvoiceStatus.label, invoice.einvoice_status),
    row(words.irn.label, invoice.irn),
    row(words.ackNo.label, invoice.ack_no),
    row(words.ackDate.label, invoice.ack_date),
    row(words.einvoiceErrorCode.label, invoice.einvoice_error_code),
    row(words.einvoiceErrorMessage.label, invoice.einvoice_error_message),
    row(words.einvoiceCancelReason.label, invoice.einvoice_cancel_reason),
  ].join('');
  const qr = invoice.signed_qr
    ? `<figure class="einvoice-qr">${qrSvg(invoice.signed_qr, 220)}` +
      `<figcaption>${escapeHtml(words.signedQr.label)} (the IRP's)</figcaption></figure>`
    : '';
  return `<section class="einvoice"><h2>E-Invoice</h2><dl>${details}</dl>${qr}</section>`;
}

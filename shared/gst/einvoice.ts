/**
 * E-invoicing's rules that are not the document's shape (contract: "E-invoicing (issue 41)"): the IRN by NIC's
 * rule, the financial year it reads, the signed QR's contents, the IRP's refusals in words a person can act on,
 * the cancellation reasons, and the INV-01 document built from an invoice or note as issued.
 */
import { createHash } from 'node:crypto';
import { gstRate } from './rates';
import type { EInvoiceDocument, EInvoiceDocumentType } from './einvoiceSchema';

/** `YYYY-YY`: the financial year (April to March) of a YYYY-MM-DD date, as NIC's IRN rule reads it. */
export function financialYear(date: string): string {
  const [year, month] = date.split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** NIC's IRN: SHA-256 (hex) of supplier GSTIN + financial year + document type + document number. */
export function irnOf(supplierGstin: string, date: string, type: EInvoiceDocumentType, number: string): string {
  return createHash('sha256')
    .update(`${supplierGstin}${financialYear(date)}${type}${number}`)
    .digest('hex');
}

export const EINVOICE_STATUSES = ['pending', 'generated', 'failed', 'cancelled'] as const;
export type EInvoiceStatus = (typeof EINVOICE_STATUSES)[number];

/** The IRP's cancellation reasons (`CnlRsn` 1 to 4) under the words the API takes. */
export const EINVOICE_CANCEL_REASONS = {
  duplicate: { code: '1', label: 'Duplicate' },
  data_entry_mistake: { code: '2', label: 'Data Entry Mistake' },
  order_cancelled: { code: '3', label: 'Order Cancelled' },
  others: { code: '4', label: 'Others' },
} as const;
export type EInvoiceCancelReason = keyof typeof EINVOICE_CANCEL_REASONS;
export const EINVOICE_CANCEL_REASON_VALUES = Object.keys(EINVOICE_CANCEL_REASONS) as [
  EInvoiceCancelReason,
  ...EInvoiceCancelReason[],
];
/** NIC's `CnlRem`: at most 100 characters. */
export const EINVOICE_REMARK_MAX = 100;

/** The IRP cancels an IRN only within 24 hours of its generation. */
export const EINVOICE_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** GSTN advisory, 5 November 2024: above ₹10 crore AATO, no document older than 30 days from 1 April 2025. */
export const EINVOICE_REPORTING_DAYS = 30;
export const AATO_BANDS = ['up_to_10_crore', 'above_10_crore'] as const;
export type AatoBand = (typeof AATO_BANDS)[number];

/** The IRP's refusals a user meets: its code, its words, and what to do about it. */
export const IRP_ERRORS = {
  '2150':
    'Duplicate IRN: the IRP already holds a document of this supplier GSTIN, year, type and number. ' +
    'Each document needs its own number; look up the existing e-invoice instead of reporting it again.',
  '2146':
    'Unable to create IRN, try after some time: the IRP could not answer. Nothing was registered; ' +
    'report the document again later.',
  '3028':
    "The client's GSTIN is not present in the taxpayer master: check the GSTIN on the client " +
    '(Update Client) and issue a new invoice.',
  '3029':
    "The client's GSTIN is not active: the IRP accepts B2B documents only for active registrations; " +
    'confirm the GSTIN with the client.',
  '2270':
    'The allowed cancellation time limit is crossed, you cannot cancel the IRN: the IRP cancels an IRN ' +
    'only within 24 hours of its generation. Correct the invoice with a credit note instead (Create Credit Note).',
  reporting_window_passed:
    'The document is more than 30 days old: from 1 April 2025 the IRP refuses documents ' +
    'older than 30 days from businesses with a turnover of ₹10 crore or more. It can no longer be e-invoiced.',
  schema_invalid: "The document does not meet NIC's e-invoice schema (INV-01 1.1)",
} as const;
export type IrpErrorCode = keyof typeof IRP_ERRORS;
/** The failures the sandbox can be made to give on the next report, as a send can. */
export const PLANTABLE_IRP_ERRORS = ['2150', '2146', '3028', '3029'] as const;

/** What the signed QR's `data` holds (the GSTN e-invoice FAQ's list of QR parameters). */
export interface SignedQrData {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: EInvoiceDocumentType;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

/** The QR's data for a document: its main HSN is the line of highest taxable value (the first among equals). */
export function signedQrData(doc: EInvoiceDocument, irn: string, ackDate: string): SignedQrData {
  const main = doc.ItemList.reduce((best, item) => (item.AssAmt > best.AssAmt ? item : best));
  return {
    SellerGstin: doc.SellerDtls.Gstin,
    BuyerGstin: doc.BuyerDtls.Gstin,
    DocNo: doc.DocDtls.No,
    DocTyp: doc.DocDtls.Typ,
    DocDt: doc.DocDtls.Dt,
    TotInvVal: doc.ValDtls.TotInvVal,
    ItemCnt: doc.ItemList.length,
    MainHsnCode: main.HsnCd,
    Irn: irn,
    IrnDt: ackDate,
  };
}

/** Paise as NIC's rupees: the digits placed, never divided in floating point. */
export function paiseToRupees(paise: number): number {
  const sign = paise < 0 ? '-' : '';
  const digits = String(Math.abs(paise)).padStart(3, '0');
  return Number(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/** YYYY-MM-DD → DD/MM/YYYY, NIC's date. */
export const nicDate = (date: string): string => date.split('-').reverse().join('/');

export interface EInvoiceParty {
  gstin: string;
  name: string;
  address?: { line1: string; line2?: string | null; city: string; postal_code: string } | null;
}

export interface EInvoiceLine {
  description: string;
  hsn_sac?: string | null;
  gst_rate?: string | null;
  quantity?: number;
  unit?: string | null;
  unit_price?: number;
  amount: number;
  cgst?: number;
  sgst?: number;
  utgst?: number;
  igst?: number;
  total?: number;
}

/** An invoice or note as issued, in the terms the document is built from. */
export interface EInvoiceSource {
  type: EInvoiceDocumentType;
  number: string;
  date: string;
  supplier: EInvoiceParty;
  buyer: EInvoiceParty;
  placeOfSupply: string;
  lines: EInvoiceLine[];
  /** A note's invoice: its number and date (YYYY-MM-DD). */
  reference?: { number: string; date: string };
}

const partyDetails = (party: EInvoiceParty) => ({
  Gstin: party.gstin,
  LglNm: party.name,
  // An absent address is left empty so the schema names the field the IRP would refuse, not a made-up place.
  Addr1: party.address?.line1 ?? '',
  ...(party.address?.line2 ? { Addr2: party.address.line2 } : {}),
  Loc: party.address?.city ?? '',
  Pin: Number(party.address?.postal_code ?? 0),
  Stcd: String(Number(party.gstin.slice(0, 2))),
});

/** SAC codes (services) are chapter 99 of the classification; everything else is goods. */
const isService = (code: string) => code.startsWith('99');

/** The INV-01 document for an invoice or note as issued; checked by `einvoiceDocumentSchema`, not here. */
export function einvoiceDocument(source: EInvoiceSource): EInvoiceDocument {
  const heads = (line: EInvoiceLine) => ({
    IgstAmt: paiseToRupees(line.igst ?? 0),
    CgstAmt: paiseToRupees(line.cgst ?? 0),
    // NIC's schema has one field for SGST and UTGST (a state or a union territory levies one of them).
    SgstAmt: paiseToRupees((line.sgst ?? 0) + (line.utgst ?? 0)),
  });
  const items = source.lines.map((line, index) => {
    const code = line.hsn_sac ?? '';
    const quantity = line.quantity ?? 1;
    const unitPrice = line.unit_price ?? line.amount;
    return {
      SlNo: String(index + 1),
      PrdDesc: line.description,
      IsServc: isService(code) ? ('Y' as const) : ('N' as const),
      HsnCd: code,
      ...(line.quantity !== undefined ? { Qty: quantity } : {}),
      ...(line.unit ? { Unit: line.unit.toUpperCase() } : {}),
      UnitPrice: paiseToRupees(unitPrice),
      TotAmt: paiseToRupees(line.amount),
      AssAmt: paiseToRupees(line.amount),
      GstRt: Number(gstRate(line.gst_rate ?? '')?.percent ?? 0),
      ...heads(line),
      TotItemVal: paiseToRupees(line.total ?? line.amount),
    };
  });
  const total = (pick: (line: EInvoiceLine) => number) =>
    paiseToRupees(source.lines.reduce((sum, line) => sum + pick(line), 0));
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' },
    DocDtls: { Typ: source.type, No: source.number, Dt: nicDate(source.date) },
    SellerDtls: partyDetails(source.supplier),
    BuyerDtls: { ...partyDetails(source.buyer), Pos: String(Number(source.placeOfSupply)) },
    ItemList: items,
    ValDtls: {
      AssVal: total((line) => line.amount),
      CgstVal: total((line) => line.cgst ?? 0),
      SgstVal: total((line) => (line.sgst ?? 0) + (line.utgst ?? 0)),
      IgstVal: total((line) => line.igst ?? 0),
      TotInvVal: total((line) => line.total ?? line.amount),
    },
    ...(source.reference
      ? { RefDtls: { PrecDocDtls: [{ InvNo: source.reference.number, InvDt: nicDate(source.reference.date) }] } }
      : {}),
  };
}

/**
 * NIC's e-invoice schema INV-01, version 1.1, as our own zod (contract: "The document: INV-01, version 1.1"),
 * written from the notified schema's attribute table (which attributes are mandatory, their lengths, patterns and
 * enumerations); NIC's JSON text is not valid JSON Schema as published, so none of it is copied. Only what the
 * service reports is declared in full; the optional blocks it never fills (dispatch, shipping, export, e-way bill,
 * payment) are left out, and `.strict()` refuses them, so a document is what we mean to report and nothing more.
 */
import { z } from 'zod';

const text = (min: number, max: number) => z.string().min(min).max(max);
/** Rupees with at most two decimals, as NIC's amounts are (paise are integers, so a rupee figure has ≤ 2). */
const rupees = z
  .number()
  .finite()
  .min(0)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals');
const yesNo = z.enum(['Y', 'N']);
const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
/** NIC's document number: 1 to 16 of A-Z 0-9 / -, not starting with 0, / or - (NIC's IRN page). */
export const DOCUMENT_NUMBER = /^[A-Z1-9][A-Z0-9/-]{0,15}$/;
const DATE = /^(0[1-9]|[12][0-9]|3[01])\/(0[1-9]|1[0-2])\/20[0-9]{2}$/;
const STATE_CODE = /^[0-9]{1,2}$/;

export const EINVOICE_DOCUMENT_TYPES = ['INV', 'CRN', 'DBN'] as const;
export type EInvoiceDocumentType = (typeof EINVOICE_DOCUMENT_TYPES)[number];

const party = {
  Gstin: z.string().regex(GSTIN, 'must be a GSTIN (15 characters: 2 digits, then 13 of 0-9 A-Z)'),
  LglNm: text(3, 100),
  TrdNm: text(3, 100).optional(),
  Addr1: text(1, 100),
  Addr2: text(3, 100).optional(),
  Loc: text(3, 50),
  Pin: z.number().int().min(100000).max(999999),
  Stcd: z.string().regex(STATE_CODE, 'must be a state code of 1 or 2 digits'),
  Ph: text(6, 12).optional(),
  Em: text(6, 100).optional(),
};

const itemSchema = z
  .object({
    SlNo: text(1, 6),
    PrdDesc: text(3, 300).optional(),
    IsServc: yesNo,
    HsnCd: z.string().regex(/^[0-9]{4,8}$/, 'must be an HSN or SAC code of 4 to 8 digits'),
    Qty: z.number().min(0).optional(),
    Unit: text(3, 8).optional(),
    UnitPrice: z.number().min(0),
    TotAmt: rupees,
    Discount: rupees.optional(),
    AssAmt: rupees,
    GstRt: z.number().min(0).max(100),
    IgstAmt: rupees,
    CgstAmt: rupees,
    SgstAmt: rupees,
    TotItemVal: rupees,
  })
  .strict();

const cents = (value: number) => Math.round(value * 100);
const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0);

export const einvoiceDocumentSchema = z
  .object({
    Version: z.literal('1.1'),
    TranDtls: z
      .object({
        TaxSch: z.literal('GST'),
        SupTyp: z.enum(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP']),
        RegRev: yesNo.optional(),
        IgstOnIntra: yesNo.optional(),
      })
      .strict(),
    DocDtls: z
      .object({
        Typ: z.enum(EINVOICE_DOCUMENT_TYPES),
        No: z.string().regex(DOCUMENT_NUMBER, 'must be 1 to 16 of A-Z 0-9 / -, not starting with 0, / or -'),
        Dt: z.string().regex(DATE, 'must be a date as DD/MM/YYYY'),
      })
      .strict(),
    SellerDtls: z.object(party).strict(),
    BuyerDtls: z
      .object({ ...party, Pos: z.string().regex(STATE_CODE, 'must be a state code of 1 or 2 digits') })
      .strict(),
    ItemList: z.array(itemSchema).min(1).max(1000),
    ValDtls: z
      .object({
        AssVal: rupees,
        CgstVal: rupees,
        SgstVal: rupees,
        IgstVal: rupees,
        TotInvVal: rupees,
      })
      .strict(),
    RefDtls: z
      .object({
        PrecDocDtls: z
          .array(z.object({ InvNo: z.string().regex(DOCUMENT_NUMBER), InvDt: z.string().regex(DATE) }).strict())
          .min(1),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((doc, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path, message });
    // NIC's validations across fields: the totals are the lines' sums, a note names the invoice it corrects.
    const totals: Array<[keyof typeof doc.ValDtls, 'AssAmt' | 'CgstAmt' | 'SgstAmt' | 'IgstAmt']> = [
      ['AssVal', 'AssAmt'],
      ['CgstVal', 'CgstAmt'],
      ['SgstVal', 'SgstAmt'],
      ['IgstVal', 'IgstAmt'],
    ];
    for (const [total, line] of totals) {
      if (cents(doc.ValDtls[total]) !== sum(doc.ItemList.map((item) => item[line]))) {
        issue(['ValDtls', total], `must be the sum of the lines' ${line}`);
      }
    }
    const intra = doc.SellerDtls.Stcd === doc.BuyerDtls.Pos;
    doc.ItemList.forEach((item, index) => {
      if (intra && item.IgstAmt > 0) issue(['ItemList', index, 'IgstAmt'], 'must be 0 within a state');
      if (!intra && item.CgstAmt + item.SgstAmt > 0) {
        issue(['ItemList', index, 'CgstAmt'], 'must be 0 across states (IGST applies)');
      }
    });
    if (doc.DocDtls.Typ !== 'INV' && !doc.RefDtls) {
      issue(['RefDtls'], 'a credit or debit note must name the invoice it corrects');
    }
  });

export type EInvoiceDocument = z.infer<typeof einvoiceDocumentSchema>;

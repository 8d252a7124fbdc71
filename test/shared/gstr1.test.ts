/**
 * GSTR-1 for October 2026 (docs/api-contract.md, "GSTR-1 (issue 41)"), every section worked by hand. The supplier is
 * in Maharashtra (27). Amounts are paise, as the service stores them; the return writes rupees. Each line's GST is
 * the service's (per line per head, half-up), worked out beside it.
 */
import {
  type Gstr1Invoice,
  type Gstr1Line,
  type Gstr1Note,
  buildGstr1,
  gstr1FileSchema,
  b2clLimit,
} from '../../shared';

const SUPPLIER = '27AAGCA4821M1Z8';
const MAHARASHTRA_CLIENT = '27AAPFU0939F1ZV';
const KARNATAKA_CLIENT = '29AAGCB7383J1Z4';

const intra = (description: string, hsn_sac: string, gst_rate: string, amount: number, half: number, more = {}) =>
  ({ description, hsn_sac, gst_rate, amount, cgst: half, sgst: half, utgst: 0, igst: 0, ...more }) as Gstr1Line;
const inter = (description: string, hsn_sac: string, gst_rate: string, amount: number, igst: number, more = {}) =>
  ({ description, hsn_sac, gst_rate, amount, cgst: 0, sgst: 0, utgst: 0, igst, ...more }) as Gstr1Line;
const invoice = (fields: Omit<Gstr1Invoice, 'cancelled'> & { cancelled?: boolean }): Gstr1Invoice => ({
  cancelled: false,
  ...fields,
});

// INV-000001, B2B within Maharashtra: 3 × ₹1,234.57 = ₹3,703.71 at 18 %: 9 % = 333.3339 → ₹333.33 each of CGST and SGST;
// stitching ₹999.99 at 18 %: 9 % = 89.9991 → ₹90.00 each. Total 4,703.70 + 2 × 423.33 = ₹5,550.36.
const A = invoice({
  number: 'INV-000001',
  date: '2026-10-03',
  total: 555036,
  client_gstin: MAHARASHTRA_CLIENT,
  place_of_supply: '27',
  inter_state: false,
  lines: [
    intra('Kurta, cotton', '6211', '18', 370371, 33333, { quantity: 3, unit: 'NOS' }),
    intra('Stitching', '998821', '18', 99999, 9000),
  ],
});
// INV-000002, B2B to Karnataka (IGST): 2 bags ₹2,500.00 at 18 % = ₹450.00; 10 notebooks ₹50.00 at 5 % = ₹2.50.
// Total 2,550.00 + 452.50 = ₹3,002.50.
const B = invoice({
  number: 'INV-000002',
  date: '2026-10-05',
  total: 300250,
  client_gstin: KARNATAKA_CLIENT,
  place_of_supply: '29',
  inter_state: true,
  lines: [
    inter('Laptop bag', '4202', '18', 250000, 45000, { quantity: 2, unit: 'pcs' }),
    inter('Notebook', '4820', '5', 5000, 250, { quantity: 10, unit: 'NOS' }),
  ],
});
// INV-000003, B2C to Karnataka: a sofa ₹1,20,000.00 at 18 % IGST = ₹21,600.00; total ₹1,41,600.00 > ₹1,00,000: b2cl.
const C = invoice({
  number: 'INV-000003',
  date: '2026-10-08',
  total: 14160000,
  client_gstin: null,
  place_of_supply: '29',
  inter_state: true,
  lines: [inter('Sofa', '9401', '18', 12000000, 2160000, { quantity: 1, unit: 'NOS' })],
});
// INV-000004, B2C within Maharashtra: ₹1,234.57 at 5 %: 2.5 % = 30.864 → ₹30.86 each; total ₹1,296.29: b2cs.
const D = invoice({
  number: 'INV-000004',
  date: '2026-10-10',
  total: 129629,
  client_gstin: null,
  place_of_supply: '27',
  inter_state: false,
  lines: [intra('Kurta, cotton', '6211', '5', 123457, 3086, { quantity: 1, unit: 'NOS' })],
});
// INV-000005, B2C to Karnataka, small: 4 notebooks ₹20.00 at 5 % = ₹1.00 IGST; total ₹21.00 (≤ ₹1 lakh): b2cs.
const E = invoice({
  number: 'INV-000005',
  date: '2026-10-12',
  total: 2100,
  client_gstin: null,
  place_of_supply: '29',
  inter_state: true,
  lines: [inter('Notebook', '4820', '5', 2000, 100, { quantity: 4, unit: 'NOS' })],
});
// INV-000006, voided: only Table 13 counts it, as cancelled.
const F = invoice({
  number: 'INV-000006',
  date: '2026-10-15',
  cancelled: true,
  total: 52500,
  client_gstin: null,
  place_of_supply: '27',
  inter_state: false,
  lines: [intra('Kurta, cotton', '6211', '5', 50000, 1250, { quantity: 1, unit: 'NOS' })],
});
// INV-000000, September's B2B invoice: not in October's return, but October's credit note on it is.
const G = invoice({
  number: 'INV-000000',
  date: '2026-09-30',
  total: 118000,
  client_gstin: MAHARASHTRA_CLIENT,
  place_of_supply: '27',
  inter_state: false,
  lines: [intra('Stitching', '998821', '18', 100000, 9000)],
});

const note = (kind: 'credit' | 'debit', number: string, date: string, of: Gstr1Invoice, line: Gstr1Line): Gstr1Note => {
  const tax = line.cgst! + line.sgst! + line.igst!;
  return { kind, number, date, total: line.amount + tax, invoice: of, lines: [line] };
};
const NOTES = [
  // On G (B2B): ₹200.00 of stitching at 18 %: ₹18.00 each; ₹236.00. Its own date puts it in October: cdnr.
  note('credit', 'CN-000001', '2026-10-20', G, intra('Stitching', '998821', '18', 20000, 1800)),
  // On C (B2C large): ₹5,000.00 more for the sofa at 18 % IGST = ₹900.00; ₹5,900.00: cdnur.
  note('debit', 'DN-000001', '2026-10-21', C, inter('Sofa', '9401', '18', 500000, 90000, { unit: 'NOS' })),
  // On D (B2C small): ₹234.57 off at 5 %: 2.5 % = 5.864 → ₹5.86 each; ₹246.29: netted into b2cs.
  note('credit', 'CN-000002', '2026-10-22', D, intra('Kurta, cotton', '6211', '5', 23457, 586, { unit: 'NOS' })),
  // On A, dated November: not in October's return.
  note('credit', 'CN-000003', '2026-11-02', A, intra('Stitching', '998821', '18', 10000, 900)),
];

const built = buildGstr1({ gstin: SUPPLIER, period: '2026-10', invoices: [G, F, E, D, C, B, A], notes: NOTES });
const { gstr1, summary } = built;

test('the file is the offline tool JSON our schema describes, for October 2026', () => {
  expect(gstr1FileSchema.safeParse(gstr1).error?.issues).toBeUndefined();
  expect(gstr1).toMatchObject({ gstin: SUPPLIER, fp: '102026', version: 'GST3.2.4', hash: 'hash' });
});

test('b2b: both registered clients, intra-state as CGST + SGST, inter-state as IGST, one item per rate', () => {
  expect(gstr1.b2b).toEqual([
    {
      ctin: MAHARASHTRA_CLIENT,
      inv: [
        {
          inum: 'INV-000001',
          idt: '03-10-2026',
          val: 5550.36,
          pos: '27',
          rchrg: 'N',
          inv_typ: 'R',
          // 3,703.71 + 999.99 = 4,703.70; 333.33 + 90.00 = 423.33 per head
          itms: [{ num: 1, itm_det: { rt: 18, txval: 4703.7, camt: 423.33, samt: 423.33, csamt: 0 } }],
        },
      ],
    },
    {
      ctin: KARNATAKA_CLIENT,
      inv: [
        {
          inum: 'INV-000002',
          idt: '05-10-2026',
          val: 3002.5,
          pos: '29',
          rchrg: 'N',
          inv_typ: 'R',
          itms: [
            { num: 1, itm_det: { rt: 5, txval: 50, iamt: 2.5, csamt: 0 } },
            { num: 2, itm_det: { rt: 18, txval: 2500, iamt: 450, csamt: 0 } },
          ],
        },
      ],
    },
  ]);
  // 4,703.70 + 2,550.00 = ₹7,253.70 taxable; 846.66 + 452.50 = ₹1,299.16 tax
  expect([summary.b2b_invoices, summary.b2b_taxable_value, summary.b2b_tax]).toEqual([2, 725370, 129916]);
});

test('b2cl: the inter-state B2C invoice over ₹1 lakh, by place of supply', () => {
  expect(gstr1.b2cl).toEqual([
    {
      pos: '29',
      inv: [
        {
          inum: 'INV-000003',
          idt: '08-10-2026',
          val: 141600,
          itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }],
        },
      ],
    },
  ]);
  expect([summary.b2cl_invoices, summary.b2cl_taxable_value, summary.b2cl_tax]).toEqual([1, 12000000, 2160000]);
});

test('b2cs: small B2C per supply type, state and rate, net of the credit note on INV-000004', () => {
  expect(gstr1.b2cs).toEqual([
    // 1,234.57 − 234.57 = 1,000.00; 30.86 − 5.86 = 25.00 each
    { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 5, txval: 1000, camt: 25, samt: 25, csamt: 0 },
    { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 5, txval: 20, iamt: 1, csamt: 0 },
  ]);
  // 1,000.00 + 20.00 = ₹1,020.00; 50.00 + 1.00 = ₹51.00
  expect([summary.b2cs_invoices, summary.b2cs_taxable_value, summary.b2cs_tax]).toEqual([2, 102000, 5100]);
});

test('cdnr and cdnur: each note by its own date, the November one left out', () => {
  expect(gstr1.cdnr).toEqual([
    {
      ctin: MAHARASHTRA_CLIENT,
      nt: [
        {
          ntty: 'C',
          nt_num: 'CN-000001',
          nt_dt: '20-10-2026',
          val: 236,
          pos: '27',
          rchrg: 'N',
          inv_typ: 'R',
          itms: [{ num: 1, itm_det: { rt: 18, txval: 200, camt: 18, samt: 18, csamt: 0 } }],
        },
      ],
    },
  ]);
  expect(gstr1.cdnur).toEqual([
    {
      ntty: 'D',
      nt_num: 'DN-000001',
      nt_dt: '21-10-2026',
      val: 5900,
      pos: '29',
      typ: 'B2CL',
      itms: [{ num: 1, itm_det: { rt: 18, txval: 5000, iamt: 900, csamt: 0 } }],
    },
  ]);
  expect([summary.cdnr_notes, summary.cdnr_taxable_value, summary.cdnr_tax]).toEqual([1, -20000, -3600]);
  expect([summary.cdnur_notes, summary.cdnur_taxable_value, summary.cdnur_tax]).toEqual([1, 500000, 90000]);
});

test('hsn: B2B and B2C tabs per code, unit and rate, notes taken off or added', () => {
  expect(gstr1.hsn).toEqual({
    hsn_b2b: [
      // "pcs" is read as PCS
      {
        num: 1,
        hsn_sc: '4202',
        desc: 'Laptop bag',
        uqc: 'PCS',
        qty: 2,
        rt: 18,
        txval: 2500,
        iamt: 450,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      {
        num: 2,
        hsn_sc: '4820',
        desc: 'Notebook',
        uqc: 'NOS',
        qty: 10,
        rt: 5,
        txval: 50,
        iamt: 2.5,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      {
        num: 3,
        hsn_sc: '6211',
        desc: 'Kurta, cotton',
        uqc: 'NOS',
        qty: 3,
        rt: 18,
        txval: 3703.71,
        iamt: 0,
        camt: 333.33,
        samt: 333.33,
        csamt: 0,
      },
      // a SAC: NA, no quantity; 999.99 − 200.00 (CN-000001) = 799.99; 90.00 − 18.00 = 72.00 each
      {
        num: 4,
        hsn_sc: '998821',
        desc: 'Stitching',
        uqc: 'NA',
        qty: 0,
        rt: 18,
        txval: 799.99,
        iamt: 0,
        camt: 72,
        samt: 72,
        csamt: 0,
      },
    ],
    hsn_b2c: [
      {
        num: 1,
        hsn_sc: '4820',
        desc: 'Notebook',
        uqc: 'NOS',
        qty: 4,
        rt: 5,
        txval: 20,
        iamt: 1,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
      // 1,234.57 − 234.57 (CN-000002, by amount: no units back) = 1,000.00; 30.86 − 5.86 = 25.00
      {
        num: 2,
        hsn_sc: '6211',
        desc: 'Kurta, cotton',
        uqc: 'NOS',
        qty: 1,
        rt: 5,
        txval: 1000,
        iamt: 0,
        camt: 25,
        samt: 25,
        csamt: 0,
      },
      // 1,20,000.00 + 5,000.00 (DN-000001) = 1,25,000.00; 21,600.00 + 900.00 = 22,500.00
      {
        num: 3,
        hsn_sc: '9401',
        desc: 'Sofa',
        uqc: 'NOS',
        qty: 1,
        rt: 18,
        txval: 125000,
        iamt: 22500,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ],
  });
  expect(summary.hsn_rows).toBe(7);
});

test('doc_issue: each series from its first to its last number of October, the void invoice cancelled', () => {
  expect(gstr1.doc_issue).toEqual({
    doc_det: [
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'INV-000001', to: 'INV-000006', totnum: 6, cancel: 1, net_issue: 5 }],
      },
      {
        doc_num: 4,
        doc_typ: 'Debit Note',
        docs: [{ num: 1, from: 'DN-000001', to: 'DN-000001', totnum: 1, cancel: 0, net_issue: 1 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'CN-000001', to: 'CN-000002', totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ],
  });
  expect([summary.documents_issued, summary.documents_cancelled]).toEqual([9, 1]);
});

test("every figure reconciles with October's invoices and notes, summed another way", () => {
  const october = [A, B, C, D, E]; // F is void, G is September's
  const lineTax = (line: Gstr1Line) => line.cgst! + line.sgst! + line.igst!;
  const sum = (docs: Array<{ lines: readonly Gstr1Line[] }>, pick: (line: Gstr1Line) => number) =>
    docs.flatMap((doc) => doc.lines).reduce((total, line) => total + pick(line), 0);
  const credits = [NOTES[0], NOTES[2]];
  const debits = [NOTES[1]];
  const taxable = sum(october, (l) => l.amount) + sum(debits, (l) => l.amount) - sum(credits, (l) => l.amount);
  const tax = sum(october, lineTax) + sum(debits, lineTax) - sum(credits, lineTax);
  // 12,850,827 + 500,000 − 43,457 paise; tax 2,296,188 + 90,000 − 4,772
  expect([taxable, tax]).toEqual([13307370, 2381416]);
  expect([summary.taxable_value, summary.tax]).toEqual([taxable, tax]);
  expect([summary.hsn_taxable_value, summary.hsn_tax]).toEqual([taxable, tax]);
  const sections =
    summary.b2b_taxable_value +
    summary.b2cl_taxable_value +
    summary.b2cs_taxable_value +
    summary.cdnr_taxable_value +
    summary.cdnur_taxable_value;
  expect(sections).toBe(taxable);
  expect(summary.warnings).toEqual([]);
});

test('our schema refuses a wrong file: a third decimal, a date written ISO, a one-digit state, an unknown key', () => {
  const wrong = (change: (file: any) => void) => {
    const file = structuredClone(gstr1) as any;
    change(file);
    return gstr1FileSchema.safeParse(file).success;
  };
  expect(wrong(() => undefined)).toBe(true);
  expect(wrong((file) => (file.b2b[0].inv[0].val = 5550.365))).toBe(false);
  expect(wrong((file) => (file.b2b[0].inv[0].idt = '2026-10-03'))).toBe(false);
  expect(wrong((file) => (file.b2cl[0].pos = '9'))).toBe(false);
  expect(wrong((file) => (file.b2cs[0].cess = 0))).toBe(false);
  expect(wrong((file) => (file.doc_issue.doc_det[0].docs[0].net_issue = 6))).toBe(false);
});

test('B2C large: more than ₹1 lakh from 1 August 2024, more than ₹2.5 lakh before', () => {
  expect([b2clLimit('2024-07-31'), b2clLimit('2024-08-01')]).toEqual([25_000_000, 10_000_000]);
  const at = (date: string, total: number) =>
    buildGstr1({
      gstin: SUPPLIER,
      period: date.slice(0, 7),
      invoices: [{ ...C, date, total }],
      notes: [],
    }).summary.b2cl_invoices;
  // exactly ₹1,00,000.00 is not more than the limit; a paisa more is
  expect([at('2026-10-08', 10_000_000), at('2026-10-08', 10_000_001)]).toEqual([0, 1]);
  expect([at('2024-07-31', 14160000), at('2024-08-01', 14160000)]).toEqual([0, 1]);
});

test('before the May 2025 period Table 12 is one list; a line without an HSN is named, not summed', () => {
  const april = buildGstr1({
    gstin: SUPPLIER,
    period: '2025-04',
    invoices: [{ ...D, date: '2025-04-10', lines: [...D.lines, { ...D.lines[0], hsn_sac: null }] }],
    notes: [],
  });
  expect(Object.keys(april.gstr1.hsn)).toEqual(['data']);
  expect(april.summary.hsn_taxable_value).toBe(123457);
  expect(april.summary.taxable_value).toBe(2 * 123457);
  expect(april.summary.warnings).toEqual(['INV-000004 line 2 has no HSN/SAC: not in the HSN summary.']);
});

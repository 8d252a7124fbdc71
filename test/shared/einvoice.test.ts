/**
 * The e-invoice's pure rules (docs/api-contract.md, "E-invoicing (issue 41)"): our INV-01 schema accepts the
 * document built from a three-line tax invoice and refuses wrong ones by field; the financial year and IRN by NIC's
 * rule, worked by hand; paise to rupees without floating-point division.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import {
  einvoiceDocument,
  einvoiceDocumentSchema,
  financialYear,
  irnOf,
  paiseToRupees,
  verifyIrpJws,
} from '../../shared';

const party = (gstin: string, name: string) => ({
  gstin,
  name,
  address: { line1: '12 MG Road', city: 'Pune', postal_code: '411001' },
});
const source = {
  type: 'INV' as const,
  number: 'INV-000123',
  date: '2026-04-01',
  supplier: party('29AAGCB7383J1Z4', 'Sharma Design Studio'),
  buyer: party('27AAPFU0939F1ZV', 'Ana Sharma Photography'),
  placeOfSupply: '27',
  lines: [
    {
      description: 'Kurta',
      quantity: 3,
      unit: 'nos',
      unit_price: 123457,
      amount: 370371,
      hsn_sac: '6211',
      gst_rate: '18',
      igst: 66667,
      total: 437038,
    },
    { description: 'Stitching', amount: 99999, hsn_sac: '998821', gst_rate: '18', igst: 18000, total: 117999 },
    {
      description: 'Dupatta',
      quantity: 2,
      unit: 'nos',
      unit_price: 45025,
      amount: 90050,
      hsn_sac: '6214',
      gst_rate: '18',
      igst: 16209,
      total: 106259,
    },
  ],
};

test('the document of a three-line inter-state tax invoice is valid against our schema', () => {
  const doc = einvoiceDocument(source);
  expect(einvoiceDocumentSchema.safeParse(doc).success).toBe(true);
  expect(doc.ValDtls).toEqual({ AssVal: 5604.2, CgstVal: 0, SgstVal: 0, IgstVal: 1008.76, TotInvVal: 6612.96 });
  expect(doc.ItemList.map((item) => item.IsServc)).toEqual(['N', 'Y', 'N']);
  expect(doc.DocDtls).toEqual({ Typ: 'INV', No: 'INV-000123', Dt: '01/04/2026' });
});

test.each([
  ['a lower-case document number', (d: any) => (d.DocDtls.No = 'inv-1'), 'DocDtls.No'],
  ['a number starting with 0', (d: any) => (d.DocDtls.No = '0123'), 'DocDtls.No'],
  ['totals that are not the sum of the lines', (d: any) => (d.ValDtls.AssVal = 5604.21), 'ValDtls.AssVal'],
  ['CGST on an inter-state line', (d: any) => (d.ItemList[0].CgstAmt = 1), 'ItemList.0.CgstAmt'],
  ['an HSN code of 3 digits', (d: any) => (d.ItemList[1].HsnCd = '998'), 'ItemList.1.HsnCd'],
  ['a third decimal in an amount', (d: any) => (d.ItemList[2].AssAmt = 900.505), 'ItemList.2.AssAmt'],
  ['a note without the invoice it corrects', (d: any) => (d.DocDtls.Typ = 'CRN'), 'RefDtls'],
  ['a field NIC does not define', (d: any) => (d.SellerDtls.Logo = 'x'), 'SellerDtls'],
  ['an empty buyer address', (d: any) => (d.BuyerDtls.Addr1 = ''), 'BuyerDtls.Addr1'],
])('a wrong document is refused: %s', (_name, spoil, field) => {
  const doc = structuredClone(einvoiceDocument(source));
  spoil(doc);
  const checked = einvoiceDocumentSchema.safeParse(doc);
  expect(checked.success).toBe(false);
  expect(checked.error!.issues.map((issue) => issue.path.join('.'))).toContain(field);
});

test.each([
  ['2026-04-01', '2026-27'],
  ['2026-03-31', '2025-26'],
  ['2020-01-03', '2019-20'],
  ['2099-12-31', '2099-00'],
])('the financial year of %s is %s', (date, year) => {
  expect(financialYear(date)).toBe(year);
});

test("the IRN is NIC's example string hashed: GSTIN + year + type + number, no separators", () => {
  // NIC's own example (einv-apisandbox.nic.in, "IRN"): 01AAAAA9999A19N, 12.12.2019, INV, ABC01234.
  const byHand = createHash('sha256').update('01AAAAA9999A19N2019-20INVABC01234').digest('hex');
  expect(irnOf('01AAAAA9999A19N', '2019-12-12', 'INV', 'ABC01234')).toBe(byHand);
  expect(byHand).toHaveLength(64);
});

test.each([
  [0, 0],
  [5, 0.05],
  [99999, 999.99],
  [661296, 6612.96],
  [-1050, -10.5],
])('%i paise are ₹%d', (paise, rupees) => {
  expect(paiseToRupees(paise)).toBe(rupees);
});

test('verifyIrpJws reads an RS256 JWS only when its signature holds under the given key', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256' })}.${part({ data: '{"Irn":"x"}' })}`;
  const jws = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  expect(verifyIrpJws(jws, pem)).toEqual({ data: '{"Irn":"x"}' });
  expect(verifyIrpJws(jws.replace(/\.[^.]+\./, `.${part({ data: '{"Irn":"y"}' })}.`), pem)).toBeUndefined();
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' });
  expect(verifyIrpJws(jws, other.toString())).toBeUndefined();
});

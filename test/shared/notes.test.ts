/**
 * Credit and debit notes' GST against values worked by hand (contract: "GST on a note", "What remains
 * creditable"): a three-line tax invoice at 18 %, within the supplier's state and across states.
 */
import {
  askedTaxable,
  lineAmount,
  lineBalances,
  lineTax,
  lumpSumLine,
  noteLine,
  noteTotals,
  singleRate,
  taxTotals,
  type IssuedSupply,
  type NoteLineFigures,
  type SupplyType,
} from '../../shared/gst';

/*
 * The invoice, priced as the service prices it:
 *   line 1: 3 × ₹1,234.57 = ₹3,703.71 (370371 paise) at 18 %
 *   line 2: ₹999.99 (99999 paise) at 18 %
 *   line 3: 2 × ₹450.25 = ₹900.50 (90050 paise) at 18 %
 */
const PRICED = [
  { quantity: 3, unit_price: 123457, gst_rate: '18' },
  { amount: 99999, gst_rate: '18' },
  { quantity: 2, unit_price: 45025, gst_rate: '18' },
];

function invoiceLines(supply: SupplyType) {
  return PRICED.map((line) => {
    const amount = line.unit_price ? lineAmount(line.quantity * 1000, line.unit_price) : (line.amount as number);
    return { ...line, amount, ...lineTax(amount, line.gst_rate, supply, false) };
  });
}

const intra: IssuedSupply = { supply: 'intra_state', unionTerritory: false };
const inter: IssuedSupply = { supply: 'inter_state', unionTerritory: false };

describe('the invoice itself, as the notes start from it', () => {
  test('within the state: CGST and SGST per line, half-up', () => {
    const lines = invoiceLines('intra_state');
    // 370371 × 9 % = 33333.39 → 33333; 99999 × 9 % = 8999.91 → 9000; 90050 × 9 % = 8104.5 → 8105 (half-up).
    expect(lines.map((line) => [line.amount, line.cgst, line.sgst])).toEqual([
      [370371, 33333, 33333],
      [99999, 9000, 9000],
      [90050, 8105, 8105],
    ]);
    // 560420 taxable, 50438 + 50438 tax, 661296 in all.
    expect(taxTotals(lines)).toMatchObject({ taxable_value: 560420, cgst: 50438, sgst: 50438, total: 661296 });
  });

  test('across states: IGST per line', () => {
    // 370371 × 18 % = 66666.78 → 66667; 99999 × 18 % = 17999.82 → 18000; 90050 × 18 % = 16209.
    expect(invoiceLines('inter_state').map((line) => line.igst)).toEqual([66667, 18000, 16209]);
  });
});

describe('a credit note on line 1, 1.5 of its 3 units', () => {
  const partial = (supply: SupplyType, issued: IssuedSupply) => {
    const lines = invoiceLines(supply);
    const [balance] = lineBalances(lines, []);
    const taxable = askedTaxable('credit', lines[0], { quantity: 1.5 }, balance);
    return { lines, note: noteLine(1, lines[0], taxable, issued, { balance, quantity: 1.5 }) };
  };

  test('within the state: each head reversed at 9 %, to the paisa', () => {
    // From the top: value(3) − value(1.5) = 370371 − 185186 (185185.5 half-up) = 185185.
    // 185185 × 9 % = 16666.65 → 16667 each of CGST and SGST; 33334 tax; 218519 in all.
    expect(partial('intra_state', intra).note).toEqual({
      line: 1,
      quantity: 1.5,
      amount: 185185,
      cgst: 16667,
      sgst: 16667,
      utgst: 0,
      igst: 0,
      tax: 33334,
      total: 218519,
    });
  });

  test('across states: IGST reversed at 18 %', () => {
    // 185185 × 18 % = 33333.3 → 33333; 218518 in all (one paisa under CGST + SGST, as the contract allows).
    expect(partial('inter_state', inter).note).toMatchObject({ amount: 185185, cgst: 0, sgst: 0, igst: 33333 });
    expect(partial('inter_state', inter).note.total).toBe(218518);
  });

  test('the other 1.5 units take exactly what is left of the line, so the two add up to it', () => {
    const { lines, note } = partial('intra_state', intra);
    const [balance] = lineBalances(lines, [{ kind: 'credit', lines: [note] }]);
    // Left: 370371 − 185185 = 185186 taxable, 33333 − 16667 = 16666 of each head, 1.5 units.
    expect(balance).toMatchObject({ amount: 185186, cgst: 16666, sgst: 16666, thousandths: 1500 });
    const taxable = askedTaxable('credit', lines[0], { quantity: 1.5 }, balance);
    const rest = noteLine(1, lines[0], taxable, intra, { balance, quantity: 1.5 });
    // 185186 + 16666 + 16666 = 218518; with the first note's 218519, 437037 = the line's 370371 + 66666.
    expect(rest).toMatchObject({ amount: 185186, cgst: 16666, sgst: 16666, total: 218518 });
    expect(note.total + rest.total).toBe(lines[0].total);
  });
});

describe('a lump-sum credit note of ₹1,000.05 taxable value', () => {
  const lines = invoiceLines('intra_state');

  test('the invoice has one rate, 18 %, so the lump sum takes it', () => {
    expect(singleRate(lines)).toEqual({ rate: '18' });
  });

  test('within the state: 100005 × 9 % = 9000.45 → 9000 each; 118005 in all', () => {
    const note = lumpSumLine(100005, '18', intra);
    expect(note).toEqual({
      line: null,
      amount: 100005,
      cgst: 9000,
      sgst: 9000,
      utgst: 0,
      igst: 0,
      tax: 18000,
      total: 118005,
    });
  });

  test('across states: 100005 × 18 % = 18000.9 → 18001 IGST; 118006 in all', () => {
    expect(lumpSumLine(100005, '18', inter)).toMatchObject({ igst: 18001, cgst: 0, total: 118006 });
  });

  test('a lump sum counts against the invoice total only, never against a line', () => {
    const balances = lineBalances(lines, [{ kind: 'credit', lines: [lumpSumLine(100005, '18', intra)] }]);
    expect(balances.map((balance) => balance.amount)).toEqual([370371, 99999, 90050]);
  });
});

describe('more than one rate', () => {
  test('has no single rate, so a lump sum is refused there', () => {
    expect(
      singleRate([
        { amount: 1, gst_rate: '18' },
        { amount: 1, gst_rate: '5' },
      ]),
    ).toBeUndefined();
  });
});

describe('a debit note', () => {
  test('one more unit of line 3 (₹450.25): 45025 taxable, 9 % of it 4052.25 → 4052 each head', () => {
    const lines = invoiceLines('intra_state');
    const balance = lineBalances(lines, [])[2];
    const taxable = askedTaxable('debit', lines[2], { quantity: 1 }, balance);
    const note = noteLine(3, lines[2], taxable, intra, { balance, quantity: 1 });
    expect(note).toMatchObject({ line: 3, amount: 45025, cgst: 4052, sgst: 4052, total: 53129 });
    // A debit adds to the line: 90050 + 45025 = 135075 and 3 units.
    const after = lineBalances(lines, [{ kind: 'debit', lines: [note] }])[2];
    expect(after).toMatchObject({ amount: 135075, cgst: 12157, thousandths: 3000 });
  });

  test("a note's figures are the sums of its lines'", () => {
    const notes: NoteLineFigures[] = [lumpSumLine(100005, '18', intra), lumpSumLine(100, '18', intra)];
    // 100005 + 100 = 100105; CGST 9000 + 9 = 9009.
    expect(noteTotals(notes)).toMatchObject({ taxable_value: 100105, cgst: 9009, sgst: 9009, total: 118123 });
  });
});

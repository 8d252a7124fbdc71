/**
 * Properties of the GST arithmetic for random lines (contract: "GST computation"): the invoice's figures are
 * the sums of its lines', CGST always equals SGST (or UTGST), and a line's intra-state pair and its
 * inter-state IGST differ by at most one paisa. 1,000 invoices each (numRuns explicit).
 */
import fc from 'fast-check';
import {
  GST_RATE_VALUES,
  MAX_AMOUNT,
  gstinCheckCharacter,
  lineAmount,
  lineTax,
  readGstin,
  taxTotals,
  type SupplyType,
} from '../../shared';

const RUNS = { numRuns: 1000 };

const lineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 10_000_000 }), // thousandths: 0.001 to 10,000
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }), // up to ₹1,00,000.00
  rate: fc.constantFrom(...GST_RATE_VALUES),
});
const invoiceArb = fc.array(lineArb, { minLength: 1, maxLength: 30 });

const taxed = (
  lines: ReadonlyArray<{ quantity: number; unitPrice: number; rate: string }>,
  supply: SupplyType,
  ut = false,
) =>
  lines.map(({ quantity, unitPrice, rate }) => {
    const amount = lineAmount(quantity, unitPrice);
    return { amount, ...lineTax(amount, rate, supply, ut) };
  });

describe('GST arithmetic', () => {
  test('the line amount is quantity × unit price within half a paisa, and never above the maximum for these bounds', () => {
    fc.assert(
      fc.property(lineArb, ({ quantity, unitPrice }) => {
        const amount = lineAmount(quantity, unitPrice);
        const exactTimesThousand = BigInt(quantity) * BigInt(unitPrice);
        const difference = BigInt(amount) * 1000n - exactTimesThousand;
        expect(difference > -500n && difference <= 500n).toBe(true); // half-up: exactly half a paisa goes up
        expect(amount).toBeLessThanOrEqual(MAX_AMOUNT);
      }),
      RUNS,
    );
  });

  test('totals equal the sums of the lines; each line total is its amount and its tax', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        fc.constantFrom<SupplyType>('intra_state', 'inter_state'),
        fc.boolean(),
        (lines, supply, ut) => {
          const done = taxed(lines, supply, ut);
          const totals = taxTotals(done);
          const sum = (key: 'amount' | 'cgst' | 'sgst' | 'utgst' | 'igst' | 'tax' | 'total') =>
            done.reduce((total, line) => total + line[key], 0);
          expect(totals.taxable_value).toBe(sum('amount'));
          expect(totals.cgst + totals.sgst + totals.utgst + totals.igst).toBe(totals.total_tax);
          expect(totals.total_tax).toBe(sum('tax'));
          expect(totals.total).toBe(totals.taxable_value + totals.total_tax);
          for (const line of done)
            expect(line.total).toBe(line.amount + line.cgst + line.sgst + line.utgst + line.igst);
        },
      ),
      RUNS,
    );
  });

  test('within a state CGST equals SGST (or UTGST), and no IGST; across states IGST alone', () => {
    fc.assert(
      fc.property(invoiceArb, fc.boolean(), (lines, ut) => {
        for (const line of taxed(lines, 'intra_state', ut)) {
          expect(ut ? line.utgst : line.sgst).toBe(line.cgst);
          expect([line.igst, ut ? line.sgst : line.utgst]).toEqual([0, 0]);
        }
        for (const line of taxed(lines, 'inter_state')) expect([line.cgst, line.sgst, line.utgst]).toEqual([0, 0, 0]);
      }),
      RUNS,
    );
  });

  test('intra-state CGST + SGST and inter-state IGST differ by at most one paisa per line', () => {
    fc.assert(
      fc.property(invoiceArb, (lines) => {
        const intra = taxed(lines, 'intra_state');
        const inter = taxed(lines, 'inter_state');
        intra.forEach((line, index) => expect(Math.abs(line.tax - inter[index].tax)).toBeLessThanOrEqual(1));
        expect(Math.abs(taxTotals(intra).total_tax - taxTotals(inter).total_tax)).toBeLessThanOrEqual(lines.length);
      }),
      RUNS,
    );
  });

  test('any single changed character of a valid GSTIN is refused', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const validArb = fc
      .tuple(fc.constantFrom('07', '27', '29', '33', '04', '97'), fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z][1-9A-Z]$/))
      .map(([state, middle]) => `${state}${middle}Z${gstinCheckCharacter(`${state}${middle}Z`)}`);
    fc.assert(
      fc.property(
        validArb,
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom(...alphabet),
        (gstin, position, character) => {
          expect(readGstin(gstin).ok).toBe(true);
          fc.pre(gstin[position] !== character);
          const changed = `${gstin.slice(0, position)}${character}${gstin.slice(position + 1)}`;
          const reading = readGstin(changed);
          expect(reading.ok).toBe(false);
          if (!reading.ok) expect(reading.message).toMatch(/at position \d+|not a GST state code/);
        },
      ),
      RUNS,
    );
  });
});

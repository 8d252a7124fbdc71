/**
 * GST rules against values worked by hand (contract: "GST tax invoices"): GSTINs, places of supply, HSN/SAC
 * codes, rates, quantities and the tax on lines and invoices.
 */
import {
  GST_RATES,
  lineAmount,
  lineTax,
  readGstRate,
  readGstin,
  readHsnSac,
  readPlaceOfSupply,
  readQuantity,
  taxTotals,
} from '../../shared/gst';

const accepted = (raw: string) => {
  const reading = readGstin(raw);
  if (!reading.ok) throw new Error(`refused ${raw}: ${reading.message}`);
  return reading;
};
const refusal = (raw: string) => {
  const reading = readGstin(raw);
  if (reading.ok) throw new Error(`accepted ${raw}`);
  return reading.message;
};

/*
 * Check characters worked by hand (Luhn mod 36 over 0-9A-Z, factors 1,2,1,2,… from the left, each product
 * counted as its base-36 digit sum; the check is (36 − sum mod 36) mod 36). For 27AAPFU0939F1Z the products are
 * 2, 14, 10, 20, 25, 30, 30, 0, 9, 6, 9, 30, 1, 70 (→ 1 + 34 = 35); their sum 221 ≡ 5 (mod 36); 36 − 5 = 31 = V.
 * 27AAPFU0939F1ZV is also the GSTIN the GST portal's own examples use. The others' sums, worked the same way:
 * 29AAGCB7383J1Z: 176 ≡ 32, 36 − 32 = 4; 07AAACR5055K1Z: 171 ≡ 27, 36 − 27 = 9; 04AABCU9603R1Z: 185 ≡ 5 → V; 97AAACI1681G1Z: 198 ≡ 18 → I.
 */
const VALID = [
  ['27AAPFU0939F1ZV', '27', 'Maharashtra'],
  ['29AAGCB7383J1Z4', '29', 'Karnataka'],
  ['07AAACR5055K1Z9', '07', 'Delhi'],
  ['04AABCU9603R1ZV', '04', 'Chandigarh'],
  ['97AAACI1681G1ZI', '97', 'Other Territory'],
] as const;

describe('GSTIN', () => {
  test.each(VALID)('%s is valid, in state %s (%s)', (gstin, code, name) => {
    const reading = accepted(gstin);
    expect(reading.gstin).toBe(gstin);
    expect(reading.state.code).toBe(code);
    expect(reading.state.name).toBe(name);
  });

  test('spaces and lower case are read as the GSTIN', () => {
    expect(accepted(' 27aapfu0939f1zv ').gstin).toBe('27AAPFU0939F1ZV');
    expect(accepted('27 AAPFU 0939 F1ZV').gstin).toBe('27AAPFU0939F1ZV');
  });

  const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  test.each(ALPHABET.replace('V', '').split(''))(
    '27AAPFU0939F1Z%s: a wrong check character is refused at position 15',
    (wrong) => {
      const message = refusal(`27AAPFU0939F1Z${wrong}`);
      expect(message).toContain(`check character "${wrong}" at position 15`);
      expect(message).toContain('the first 14 characters give "V"');
    },
  );

  // One mistyped character per position 1 to 14, each still of the right kind, so only the check character catches it.
  test.each([
    [1, '37AAPFU0939F1ZV'],
    [2, '29AAPFU0939F1ZV'],
    [3, '27BAPFU0939F1ZV'],
    [4, '27ABPFU0939F1ZV'],
    [5, '27AAQFU0939F1ZV'],
    [6, '27AAPEU0939F1ZV'],
    [7, '27AAPFV0939F1ZV'],
    [8, '27AAPFU1939F1ZV'],
    [9, '27AAPFU0839F1ZV'],
    [10, '27AAPFU0929F1ZV'],
    [11, '27AAPFU0938F1ZV'],
    [12, '27AAPFU0939G1ZV'],
    [13, '27AAPFU0939F2ZV'],
  ] as const)('a mistyped character at position %i is caught by the check character: %s', (_position, gstin) => {
    expect(refusal(gstin)).toContain('at position 15, but the first 14 characters give');
  });

  test.each([
    [1, 'A7AAPFU0939F1ZV', 'a digit (the 2-digit state code)'],
    [3, '271APFU0939F1ZV', 'a letter (characters 3 to 7 are the letters of the PAN)'],
    [8, '27AAPFUO939F1ZV', 'a digit (characters 8 to 11 are the digits of the PAN)'],
    [12, '27AAPFU093911ZV', 'a letter (the last character of the PAN)'],
    [13, '27AAPFU0939F0ZV', 'a digit 1 to 9 or a letter (the registration number under this PAN)'],
    [14, '27AAPFU0939F1YV', 'the letter Z'],
    [15, '27AAPFU0939F1Z-', 'a digit or a letter (the check character)'],
  ] as const)(
    'a character of the wrong kind is named with its position: position %i of %s',
    (position, gstin, takes) => {
      expect(refusal(gstin)).toContain(`"${gstin[position - 1]}" at position ${position} where ${takes} belongs`);
    },
  );

  test.each(['00', '39', '96', '99', '50'])('state code %s is refused', (code) => {
    expect(refusal(`${code}AAPFU0939F1ZV`)).toContain(`starts with ${code}, which is not a GST state code`);
  });

  test.each([
    ['', 0],
    ['27AAPFU0939F1Z', 14],
    ['27AAPFU0939F1ZVV', 16],
    ['27AAPFU0939', 11],
  ] as const)('%p (%i characters) is refused by its length', (gstin, length) => {
    expect(refusal(gstin)).toContain(`(you entered ${length} character`);
  });
});

describe('place of supply', () => {
  test.each([
    ['27', '27'],
    ['7', '07'],
    ['Maharashtra', '27'],
    ['tamil nadu', '33'],
    ['27 Maharashtra', '27'],
    ['Andaman & Nicobar Islands', '35'],
    ['97', '97'],
  ] as const)('%p → %s', (raw, code) => {
    expect(readPlaceOfSupply(raw)?.code).toBe(code);
  });
  test.each(['25', '28', '39', '27 Goa', 'Atlantis', ''])('%p is no place of supply', (raw) => {
    expect(readPlaceOfSupply(raw)).toBeUndefined();
  });
  test('UTGST applies in exactly the Union territories without a legislature', () => {
    expect(['04', '26', '31', '35', '38', '97'].map((code) => readPlaceOfSupply(code)?.ut)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['01', '07', '34', '27'].map((code) => readPlaceOfSupply(code)?.ut)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('HSN and SAC', () => {
  test.each([
    ['8471', 'hsn'],
    ['847130', 'hsn'],
    ['84713010', 'hsn'],
    ['8471.30', 'hsn'],
    ['8471 30 10', 'hsn'],
    ['998314', 'sac'],
    ['9983 14', 'sac'],
  ] as const)('%p is a %s code', (raw, kind) => {
    const reading = readHsnSac(raw);
    expect(reading).toEqual({ ok: true, code: raw.replace(/[ .]/g, ''), kind });
  });
  test.each([
    ['84', 'has 2 digits'],
    ['84713', 'has 5 digits'],
    ['847130101', 'has 9 digits'],
    ['9983', 'starts with 99, so it is a SAC, which has 6 digits, not 4'],
    ['99831400', 'starts with 99, so it is a SAC, which has 6 digits, not 8'],
    ['0012', 'starts with 00'],
    ['84A1', '"A" at position 3'],
  ] as const)('%p is refused: %s', (raw, why) => {
    const reading = readHsnSac(raw);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.message).toContain(why);
  });
});

describe('rates', () => {
  test('the list in force since 22 September 2025, with the kinds that levy none', () => {
    expect(GST_RATES.map((rate) => rate.label)).toEqual([
      '0 %',
      '0.25 %',
      '3 %',
      '5 %',
      '18 %',
      '40 %',
      'Exempt',
      'Nil-rated',
      'Non-GST',
    ]);
  });
  test.each([
    ['18', '18'],
    ['18%', '18'],
    ['18 %', '18'],
    ['18.00', '18'],
    ['0.250', '0.25'],
    ['Exempt', 'exempt'],
    ['nil-rated', 'nil_rated'],
    ['Non GST', 'non_gst'],
    ['12', undefined],
    ['28', undefined],
    ['7', undefined],
  ] as const)('%p → %p', (raw, value) => {
    expect(readGstRate(raw)).toBe(value);
  });
});

describe('quantity', () => {
  test.each([
    ['1', 1000],
    ['1.5', 1500],
    ['0.125', 125],
    ['1,000', 1000000],
    ['2.500', 2500],
  ] as const)('%p → %i thousandths', (raw, thousandths) => {
    expect(readQuantity(raw)).toMatchObject({ ok: true, thousandths });
  });
  test.each(['0', '1.2345', '-1', '1,5', '1e3', 'two'])('%p is refused', (raw) => {
    expect(readQuantity(raw).ok).toBe(false);
  });
});

describe('tax computed by hand', () => {
  test('line amounts: quantity × unit price, half-up to the paisa', () => {
    expect(lineAmount(3000, 125050)).toBe(375150); // 3 × ₹1,250.50
    expect(lineAmount(1500, 99999)).toBe(149999); // 1.5 × ₹999.99 = ₹1,499.985 → ₹1,499.99
    expect(lineAmount(333, 10001)).toBe(3330); // 0.333 × ₹100.01 = ₹33.30333 → ₹33.30
    expect(lineAmount(125, 4)).toBe(1); // 0.125 × 4 paise = 0.5 paise → 1 paisa
  });

  test.each([
    // taxable, rate, intra (cgst, sgst), inter igst
    [375150, '18', 33764, 67527], // 9 % of 3,751.50 = 337.635 → 337.64 each; 18 % = 675.27 exactly
    [149999, '5', 3750, 7500], // 2.5 % of 1,499.99 = 37.49975 → 37.50; 5 % = 74.9995 → 75.00
    [100000, '0.25', 125, 250], // 0.125 % of 1,000.00 = 1.25; 0.25 % = 2.50
    [100001, '40', 20000, 40000], // 20 % of 1,000.01 = 200.002 → 200.00; 40 % = 400.004 → 400.00
    [3330, '3', 50, 100], // 1.5 % of 33.30 = 0.4995 → 0.50; 3 % = 0.999 → 1.00
    [20000, 'exempt', 0, 0],
    [20000, 'nil_rated', 0, 0],
    [20000, 'non_gst', 0, 0],
    [20000, '0', 0, 0],
  ] as const)('%i paise at %s: CGST = SGST = %i, IGST = %i', (taxable, rate, half, igst) => {
    expect(lineTax(taxable, rate, 'intra_state', false)).toEqual({
      cgst: half,
      sgst: half,
      utgst: 0,
      igst: 0,
      tax: 2 * half,
      total: taxable + 2 * half,
    });
    expect(lineTax(taxable, rate, 'intra_state', true)).toEqual({
      cgst: half,
      sgst: 0,
      utgst: half,
      igst: 0,
      tax: 2 * half,
      total: taxable + 2 * half,
    });
    expect(lineTax(taxable, rate, 'inter_state', false)).toEqual({
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst,
      tax: igst,
      total: taxable + igst,
    });
  });

  test('an invoice with four rates, intra-state and inter-state, totalled by hand', () => {
    const lines = [
      [375150, '18'],
      [149999, '5'],
      [100000, '0.25'],
      [20000, 'exempt'],
    ] as const;
    const intra = taxTotals(
      lines.map(([amount, rate]) => ({ amount, ...lineTax(amount, rate, 'intra_state', false) })),
    );
    const inter = taxTotals(
      lines.map(([amount, rate]) => ({ amount, ...lineTax(amount, rate, 'inter_state', false) })),
    );
    // 3,751.50 + 1,499.99 + 1,000.00 + 200.00 = 6,451.49; CGST 337.64 + 37.50 + 1.25 = 376.39, SGST the same.
    expect(intra).toEqual({
      taxable_value: 645149,
      cgst: 37639,
      sgst: 37639,
      utgst: 0,
      igst: 0,
      total_tax: 75278,
      total: 720427,
    });
    // IGST 675.27 + 75.00 + 2.50 = 752.77: one paisa less than CGST + SGST, from the 18 % line.
    expect(inter).toEqual({
      taxable_value: 645149,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 75277,
      total_tax: 75277,
      total: 720426,
    });
  });
});

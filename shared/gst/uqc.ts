/**
 * A line's unit as the GST portal's unit quantity code (UQC) for Table 12 of GSTR-1 (contract: "GSTR-1 (issue 41)",
 * "The sections"). Units are free text on an invoice ("kg", "pcs", "hrs"), so the common spellings of the codes a
 * small business uses are read; anything else is OTH ("others"), which the portal takes, rather than a guess.
 */
const UQC_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  NOS: ['nos', 'no', 'number', 'numbers'],
  PCS: ['pcs', 'pc', 'piece', 'pieces'],
  KGS: ['kgs', 'kg', 'kilogram', 'kilograms'],
  GMS: ['gms', 'g', 'gm', 'gram', 'grams'],
  LTR: ['ltr', 'l', 'litre', 'litres', 'liter', 'liters'],
  MLT: ['mlt', 'ml', 'millilitre', 'millilitres'],
  MTR: ['mtr', 'm', 'metre', 'metres', 'meter', 'meters'],
  BOX: ['box', 'boxes'],
  SET: ['set', 'sets'],
  PAC: ['pac', 'pack', 'packs'],
  DOZ: ['doz', 'dozen', 'dozens'],
  SQM: ['sqm', 'sq m', 'square metre', 'square metres'],
  TON: ['ton', 'tonne', 'tonnes'],
  UNT: ['unt', 'unit', 'units'],
};

const BY_SPELLING = new Map(
  Object.entries(UQC_SPELLINGS).flatMap(([code, spellings]) => spellings.map((spelling) => [spelling, code])),
);

/** The UQC of a goods line's unit; services (SAC) take NA, which the caller decides. */
export const uqcOf = (unit: string | null | undefined): string =>
  BY_SPELLING.get((unit ?? '').trim().toLowerCase().replace(/\.$/, '')) ?? 'OTH';

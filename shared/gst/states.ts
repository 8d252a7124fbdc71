/**
 * GST state codes: the first two digits of every GSTIN and the code of a place of supply (contract: "GST
 * states"). Data, not code: the list the GST portal publishes (state code list, checked 2026-11-25).
 * `ut` marks the Union territories without a legislature, where UTGST takes SGST's place (UTGST Act 2017
 * s.2(11), which counts "other territory" among them).
 */
export interface GstState {
  code: string;
  name: string;
  /** UTGST instead of SGST on an intra-state supply. */
  ut?: true;
  /**
   * A code still found in older GSTINs but no longer a place of supply (25 merged into 26 in 2020;
   * 28 was Andhra Pradesh before 2014).
   */
  legacy?: true;
}

export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '25', name: 'Daman and Diu', ut: true, legacy: true },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra' },
  { code: '28', name: 'Andhra Pradesh (before 2014)', legacy: true },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', ut: true },
  { code: '97', name: 'Other Territory', ut: true },
];

const BY_CODE = new Map(GST_STATES.map((state) => [state.code, state]));
/** A state's name as people write it: case, spaces, points and "&" for "and" do not matter; digits do. */
const simple = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
const BY_NAME = new Map(GST_STATES.filter((state) => !state.legacy).map((state) => [simple(state.name), state]));

export function gstState(code: string): GstState | undefined {
  return BY_CODE.get(code);
}

/** The places of supply an invoice may name, for pickers and messages. */
export const PLACE_OF_SUPPLY_CHOICES = GST_STATES.filter((state) => !state.legacy).map((state) => ({
  value: state.code,
  label: `${state.code} ${state.name}`,
}));

/**
 * Exactly a state, never a guess (contract: "GST states"): its code alone ("27", "7", "07"), its name
 * ("Maharashtra", any case), or a picker's label, the code and then that same state's name ("27 Maharashtra").
 * Anything else is no state: "2912", "27.5" or "2.7" are not read as the digits they start with.
 */
export function readPlaceOfSupply(raw: string): GstState | undefined {
  const text = raw.trim();
  const labelled = /^(\d{1,2})(?:\s*[-–:]?\s+|\s*[-–:]\s*)(\D.*)$/.exec(text);
  const code = labelled?.[1] ?? /^\d{1,2}$/.exec(text)?.[0];
  if (code === undefined) return BY_NAME.get(simple(text));
  const state = BY_CODE.get(code.padStart(2, '0'));
  if (!state || state.legacy) return undefined;
  return !labelled || simple(labelled[2]) === simple(state.name) ? state : undefined;
}

/**
 * GSTIN: the 15-character GST identification number (contract: "GSTIN"). Its form is fixed by CGST Rules
 * 2017 rule 10 and the GSTN's format: 2-digit state code, the holder's 10-character PAN (5 letters, 4
 * digits, 1 letter), the entity number (1-9 or A-Z), the letter Z, and a check character over the first 14
 * computed with Luhn's mod N algorithm for N = 36 over 0-9A-Z. Hand-written: a few lines, and the n8n
 * package may have no runtime dependencies.
 */
import { echo } from '../schemas/primitives';
import { gstState, type GstState } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of the first 14 characters (upper case, all in 0-9A-Z). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = ALPHABET.indexOf(first14[index]) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

export type GstinReading = { ok: true; gstin: string; state: GstState } | { ok: false; message: string };

/** What each position takes, in the words a refusal uses. */
const POSITIONS: ReadonlyArray<{ test: RegExp; takes: string }> = [
  ...[0, 1].map(() => ({ test: /\d/, takes: 'a digit (the 2-digit state code)' })),
  ...[0, 1, 2, 3, 4].map(() => ({ test: /[A-Z]/, takes: 'a letter (characters 3 to 7 are the letters of the PAN)' })),
  ...[0, 1, 2, 3].map(() => ({ test: /\d/, takes: 'a digit (characters 8 to 11 are the digits of the PAN)' })),
  { test: /[A-Z]/, takes: 'a letter (the last character of the PAN)' },
  { test: /[1-9A-Z]/, takes: 'a digit 1 to 9 or a letter (the registration number under this PAN)' },
  { test: /Z/, takes: 'the letter Z' },
  { test: /[0-9A-Z]/, takes: 'a digit or a letter (the check character)' },
];

const EXAMPLE = '27AAPFU0939F1ZV';
const refuse = (message: string): GstinReading => ({ ok: false, message });

/**
 * A GSTIN as typed (spaces ignored, any case) → the GSTIN and its state, or a sentence (without the
 * field's name) that names the wrong character, its position and what would be accepted there.
 */
export function readGstin(raw: string): GstinReading {
  const gstin = raw.replace(/\s+/g, '').toUpperCase();
  const shape =
    `15 characters: a 2-digit state code, the 10-character PAN, a registration number, ` +
    `Z and a check character, such as ${EXAMPLE}`;
  if (gstin.length !== 15)
    return refuse(`must be ${shape} (you entered ${gstin.length} character${gstin.length === 1 ? '' : 's'})`);
  for (let index = 0; index < 15; index += 1) {
    const { test, takes } = POSITIONS[index];
    if (!test.test(gstin[index])) {
      return refuse(
        `has "${gstin[index]}" at position ${index + 1} where ${takes} belongs ` +
          `(you entered ${echo(gstin)}); a GSTIN is ${shape}`,
      );
    }
  }
  const state = gstState(gstin.slice(0, 2));
  if (!state) {
    return refuse(
      `starts with ${gstin.slice(0, 2)}, which is not a GST state code ` +
        `(01 to 38, or 97 Other Territory; you entered ${echo(gstin)})`,
    );
  }
  const check = gstinCheckCharacter(gstin);
  if (gstin[14] !== check) {
    return refuse(
      `has the check character "${gstin[14]}" at position 15, but the first 14 characters give "${check}": ` +
        `one character is mistyped (you entered ${echo(gstin)}); check it against the registration certificate`,
    );
  }
  return { ok: true, gstin, state };
}

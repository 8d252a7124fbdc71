/**
 * HSN and SAC codes on a line (contract: "HSN and SAC"). CGST Rules 2017 rule 46(g) as amended, with
 * Notification 78/2020-Central Tax: goods carry an HSN code of 4 digits (aggregate turnover up to ₹5 crore)
 * or 6 digits (above), and 8 digits (the full tariff item) are accepted; services carry a SAC, 6 digits in
 * chapter 99 of the scheme of classification (so starting 99). Spaces and points people write inside a
 * code ("8471 30", "8471.30") are ignored.
 */
import { echo } from '../schemas/primitives';

export type HsnReading = { ok: true; code: string; kind: 'hsn' | 'sac' } | { ok: false; message: string };

const ACCEPTED =
  'an HSN code of 4, 6 or 8 digits for goods (such as 8471 or 847130) ' +
  'or a 6-digit SAC for services, starting 99 (such as 998314)';

export function readHsnSac(raw: string): HsnReading {
  const code = raw.replace(/[\s.]+/g, '');
  const refuse = (why: string): HsnReading => ({
    ok: false,
    message: `${why} (you entered ${echo(raw.trim())}); enter ${ACCEPTED}`,
  });
  const wrong = /\D/.exec(code);
  if (wrong) return refuse(`has "${wrong[0]}" at position ${wrong.index + 1}, where only digits belong`);
  if (code.startsWith('99'))
    return code.length === 6
      ? { ok: true, code, kind: 'sac' }
      : refuse(`starts with 99, so it is a SAC, which has 6 digits, not ${code.length}`);
  if (code.startsWith('00')) return refuse('starts with 00, which is no HSN chapter (chapters run 01 to 98)');
  if (![4, 6, 8].includes(code.length)) return refuse(`has ${code.length} digit${code.length === 1 ? '' : 's'}`);
  return { ok: true, code, kind: 'hsn' };
}

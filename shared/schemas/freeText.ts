/**
 * What free text (a line's description, a name, a reference, a note) may contain, decided once for every
 * field that takes text. Refused, never silently removed, so what the service stores is what was typed:
 *
 * - control characters other than tab, line feed and carriage return (C0 U+0000–U+001F, DEL U+007F, C1
 *   U+0080–U+009F): NUL ends strings in C-based systems and ESC starts terminal sequences; neither is text
 *   (RFC 8264 §9.11, PRECIS FreeformClass, disallows controls);
 * - the explicit bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
 *   an invoice line read differently from the characters it holds, the "Trojan Source" reordering that
 *   Unicode TR#36 §2.4 and TR#9 §2 warn about; the implicit marks (LRM, RLM, ALM) and the joiners (ZWJ, ZWNJ)
 *   that Hindi, Arabic and emoji need stay allowed;
 * - a lone surrogate: not a character at all, and no UTF-8 encoder can send it unchanged.
 */
const NOT_TEXT = new RegExp(
  [
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.source,
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.source,
    /(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.source,
  ].join('|'),
);

const KINDS: Array<[RegExp, string]> = [
  [/[\uD800-\uDFFF]/, 'a broken character (a lone UTF-16 surrogate)'],
  [/[\u202A-\u202E\u2066-\u2069]/, 'an invisible text-direction override'],
];

/** Undefined when `text` may be sent; else a sentence (without the field's name) saying what to remove. */
export function freeTextProblem(text: string): string | undefined {
  const found = NOT_TEXT.exec(text);
  if (!found) return undefined;
  const character = found[0];
  const code = `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  const kind = KINDS.find(([pattern]) => pattern.test(character))?.[1] ?? 'a control character';
  const position = [...text.slice(0, found.index)].length + 1;
  return (
    `contains ${kind} (${code}) at character ${position}; remove it (text may hold letters in any script, digits, ` +
    'punctuation, emoji, spaces, tabs and new lines)'
  );
}

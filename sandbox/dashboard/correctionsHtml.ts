/**
 * An invoice's credit notes, debit notes and refunds as HTML (domain/corrections.ts), for the hosted page and
 * the dashboard's invoice page alike, as the tax invoice is (taxInvoice.ts): the client reading the hosted page
 * sees why it owes less, or more, than the invoice says.
 */
import type { CorrectionRow } from '../domain/corrections';

export const CORRECTIONS_HEADING = 'Credit notes, debit notes and refunds';

export function correctionsHtml(
  rows: readonly CorrectionRow[],
  money: (amount: number) => string,
  escapeHtml: (text: string) => string,
): string {
  if (!rows.length) return '';
  const body = rows.map(
    (row) =>
      `<tr><td>${row.document}</td><td>${escapeHtml(row.number)}</td><td>${escapeHtml(row.date)}</td>` +
      `<td>${escapeHtml(row.detail)}</td><td class="figure">${money(row.amount)}</td></tr>`,
  );
  return (
    `<section class="corrections"><h2>${CORRECTIONS_HEADING}</h2><table><tr><th>Document</th><th>Number</th>` +
    `<th>Date</th><th>Reason or method</th><th class="figure">Amount</th></tr>${body.join('')}</table></section>`
  );
}

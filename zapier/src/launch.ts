/**
 * What the Zap editor shows at launch (zapier/README.md, "what is visible at launch", says why). Zapier's
 * S002 and T001 ask for a live Zap with a successful run for each visible item; these five need an account
 * that e-invoices, and whether a test-mode account reports to the IRP's sandbox is not in the service's spec.
 * They stay in the app, hidden: showing an item later breaks nothing, hiding one later breaks the Zap
 * templates that use it (C001).
 */
export const HIDDEN_AT_LAUNCH: ReadonlySet<string> = new Set([
  'invoice_einvoice_generated',
  'invoice_einvoice_failed',
  'invoice_einvoice_cancelled',
  'cancel_e_invoice',
  'validate_e_invoice',
]);

type Item = { key: string; display: { label: string; description: string; hidden?: boolean } };

/** The same items, those in HIDDEN_AT_LAUNCH marked hidden. */
export function atLaunch<T extends Record<string, Item>>(items: T): T {
  for (const item of Object.values(items))
    if (HIDDEN_AT_LAUNCH.has(item.key)) item.display = { ...item.display, hidden: true };
  return items;
}

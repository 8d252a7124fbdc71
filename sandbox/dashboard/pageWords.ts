import {
  DELIVERY_FAILURES,
  EVENT_TYPES,
  FIELDS,
  INVOICE_STATUSES,
  type Invoice,
  KEY_PREFIX,
  VOID,
  type FieldSpec,
} from '../../shared';
import { ACCOUNT_SETTINGS_PATH } from '../routes/accountRoutes';
import type { AttemptRecord, WebhookRecord } from '../storage/records';

type Tone = 'ok' | 'info' | 'warn' | 'bad' | '';

/*
 * Each status's badge colour. Typed against the declarations (shared's invoice and WhatsApp statuses, the
 * sandbox's own subscription statuses and attempt outcomes), so a renamed or added status fails the build
 * here instead of turning a badge grey on the page.
 */
const INVOICE_TONES: Record<Invoice['status'], Tone> = {
  open: '',
  viewed: 'info',
  partially_paid: 'info',
  paid: 'ok',
  disputed: 'bad',
  [VOID]: 'warn',
};
const WHATSAPP_TONES: Record<Invoice['whatsapp']['status'], Tone> = {
  not_requested: '',
  queued: 'info',
  sent: 'ok',
  failed: 'bad',
};
const WEBHOOK_TONES: Record<WebhookRecord['status'], Tone> = { enabled: 'ok', disabled: 'bad' };
const ATTEMPT_TONES: Record<AttemptRecord['outcome'], Tone> = {
  succeeded: 'ok',
  retrying: 'warn',
  failed: 'bad',
  disabled: 'bad',
};

const DISPUTED: Invoice['status'] = 'disputed';

/** A field of the Settings form: its key in the body, and the words the editors show for it. */
const formField = ({ key, label, help, example }: FieldSpec) => ({
  key,
  label,
  help,
  example: example === undefined ? undefined : String(example),
});

/**
 * The Settings form: the supplier's GSTIN (the word a tax invoice prints it under, with the client GSTIN's help
 * and rules) and its address, in the client address's words.
 */
function accountSettingsForm() {
  const { gstin, addressLine1, addressLine2, city, state, postalCode, country } = FIELDS.client;
  return {
    path: ACCOUNT_SETTINGS_PATH,
    gstin: {
      ...formField(gstin),
      label: FIELDS.invoice.supplierGstin.label,
      help: 'Your GST registration (15 characters); its first two digits give your state.',
    },
    address: [addressLine1, addressLine2, city, state, postalCode, country].map(formField),
  };
}

/**
 * The words the dashboard script shows and compares, from where they are declared: it is plain JS served
 * as is, so it reads them from the page (`<script id="words" type="application/json">`) instead of
 * spelling them again.
 */
export function pageWords() {
  return {
    eventTypes: EVENT_TYPES,
    invoiceStatuses: INVOICE_STATUSES,
    // Contract §3: an invoice can be disputed from any status but disputed.
    disputableStatuses: INVOICE_STATUSES.filter((status) => status !== DISPUTED),
    testKeyPrefix: KEY_PREFIX.test,
    // Each planted send failure and the channel it happens on (contract: "Sending and resending").
    deliveryFailures: Object.entries(DELIVERY_FAILURES).map(([code, { channel }]) => ({ code, channel })),
    accountSettings: accountSettingsForm(),
    tones: { ...WEBHOOK_TONES, ...ATTEMPT_TONES, ...WHATSAPP_TONES, ...INVOICE_TONES },
  };
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
export const wordsJson = () => JSON.stringify(pageWords()).replace(/</g, '\\u003c');

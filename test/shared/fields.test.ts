import {
  CLIENT_LABELS,
  COMMON_CURRENCIES,
  CURRENCY_CHOICES,
  EVENT_LABELS,
  FIELDS,
  INVOICE_LABELS,
  INVOICE_STATUSES,
  INVOICE_STATUS_CHOICES,
  KEY_PREFIX,
  SERVICE,
  flattenEvent,
  isKnownCurrency,
  sampleClient,
  sampleEvents,
  samplePresentedInvoice,
  type FieldSpec,
  type FieldLabel,
} from '../../shared';

/** Title Case leaves short joining words in lower case ("Send on WhatsApp"). */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'via',
  'with',
]);
const allEntries = Object.values(FIELDS).flatMap((group) => Object.values(group as Record<string, FieldLabel>));
const isInput = (entry: FieldLabel): entry is FieldSpec => 'help' in entry;

describe('field catalogue', () => {
  test.each(allEntries.map((entry) => [entry.key, entry] as const))(
    '%s: snake_case key, Title Case label, an input field has a help sentence',
    (_key, entry) => {
      // An answer-only field may be keyed by its place in a nested answer (`items[]amount`, `whatsapp__status`).
      expect(entry.key).toMatch(isInput(entry) ? /^[a-z][a-z0-9_]*$/ : /^[a-z][a-z0-9_]*((\[\]|__)[a-z0-9_]+)?$/);
      for (const label of [entry.label, entry.shownAs ?? entry.label]) {
        const [first, ...rest] = label.replace(/[()]/g, '').split(' ');
        expect(first[0]).toBe(first[0].toUpperCase());
        for (const word of rest.filter((w) => !MINOR_WORDS.has(w))) expect(word[0]).toBe(word[0].toUpperCase());
      }
      if (!isInput(entry)) return;
      expect(entry.help.length).toBeGreaterThan(10);
      expect(entry.help.trim()).toMatch(/[.)]$/);
    },
  );

  test('the amount field takes amounts as people write them, and points to minor units for data that counts them', () => {
    expect(FIELDS.item.amount.label).toBe('Amount');
    expect(FIELDS.item.amount.help).toContain('1500, 1500.00 or 1,500.00');
    expect(FIELDS.item.amount.help).toContain('Amounts Are In');
    expect(FIELDS.item.amount.type).toBe('string');
    expect(FIELDS.invoice.amountUnit.help).toContain('1500 for ₹15.00');
    expect(FIELDS.invoice.amountUnit.choices?.map((choice) => choice.value)).toEqual(['main', 'minor']);
  });

  test('the API key help links to where keys are made and names both key kinds', () => {
    expect(FIELDS.connection.apiKey.help).toContain(SERVICE.apiKeysUrl);
    expect(FIELDS.connection.apiKey.help).toContain(KEY_PREFIX.test);
    expect(FIELDS.connection.apiKey.help).toContain(KEY_PREFIX.live);
  });

  test('choices offer known currencies and every invoice status', () => {
    expect(CURRENCY_CHOICES.map((choice) => choice.value)).toEqual([...COMMON_CURRENCIES]);
    for (const choice of CURRENCY_CHOICES) {
      expect(isKnownCurrency(choice.value)).toBe(true);
      expect(choice.label.startsWith(`${choice.value} (`)).toBe(true);
    }
    expect(INVOICE_STATUS_CHOICES.map((choice) => choice.value)).toEqual([...INVOICE_STATUSES]);
    // Each label is its status's words in Title Case, whatever statuses resources.ts declares.
    for (const { value, label } of INVOICE_STATUS_CHOICES) {
      expect(label).toMatch(/^[A-Z][a-z]*( [A-Z][a-z]*)*$/);
      expect(label.toLowerCase().replace(/ /g, '_')).toBe(value);
    }
    expect(INVOICE_STATUS_CHOICES.find((choice) => choice.value === 'partially_paid')?.label).toBe('Partially Paid');
  });

  test('every field of a flat event record has an output label', () => {
    const keys = new Set(Object.values(sampleEvents).flatMap((event) => Object.keys(flattenEvent(event))));
    expect([...keys].filter((key) => !(key in EVENT_LABELS))).toEqual([]);
  });

  test('every amount of a presented invoice, and its formatted twin, has an output label', () => {
    const amountKeys = Object.keys(samplePresentedInvoice).filter((key) => key.startsWith('amount_'));
    expect(amountKeys.sort()).toEqual([
      'amount_credited',
      'amount_credited_formatted',
      'amount_debited',
      'amount_debited_formatted',
      'amount_due',
      'amount_due_formatted',
      'amount_paid',
      'amount_paid_formatted',
      'amount_refundable',
      'amount_refundable_formatted',
      'amount_refunded',
      'amount_refunded_formatted',
      'amount_remaining',
      'amount_remaining_formatted',
    ]);
    for (const key of amountKeys) expect(INVOICE_LABELS[key]).toBeTruthy();
    for (const key of Object.keys(samplePresentedInvoice.items[0]))
      expect(INVOICE_LABELS[`items[]${key}`]).toBeTruthy();
  });

  test('every field of a client, its address parts included, has an output label', () => {
    const { address, ...flat } = sampleClient;
    const keys = [...Object.keys(flat), ...Object.keys(address ?? {}).map((key) => `address__${key}`)];
    expect(keys.filter((key) => !(key in CLIENT_LABELS))).toEqual([]);
    expect(CLIENT_LABELS.address__postal_code).toBe(FIELDS.client.postalCode.label);
  });
});

import {
  EVENT_CATALOGUE,
  EVENT_TYPES,
  flattenEvent,
  generateWebhookSecret,
  parseEvent,
  receiveWebhook,
  sampleClient,
  sampleEvents,
  sampleEventsByType,
  sampleInvoice,
  signWebhook,
  type InvoicePaidEvent,
  type VerifyFailure,
} from '../../shared';
import { INVOICE_EVENT_LABELS } from '../../shared/webhooks/invoiceEvents';

const common = {
  livemode: false,
  invoice_id: 'inv_3MtwBwLkdIwHu7ix',
  invoice_number: 'INV-000123',
  invoice_url: 'https://pay.invoicing.example/i/inv_3MtwBwLkdIwHu7ix',
  client_id: 'cli_NffrFeUfNV2Hib',
  client_email: 'ana@example.com',
  currency: 'INR',
  amount_due: 1490000,
  amount_due_formatted: '₹14,900.00',
  // The sample invoice carries no GST: its tax figures are null (contract: "The GST fields on the wire").
  client_gstin: null,
  place_of_supply: null,
  supply_type: null,
  ...Object.fromEntries(
    ['taxable_value', 'cgst', 'sgst', 'utgst', 'igst', 'total_tax'].flatMap((key) => [
      [`tax_${key}`, null],
      [`tax_${key}_formatted`, null],
    ]),
  ),
};

/** A partial UPI payment: ₹5,000 of ₹14,900. */
const partial: InvoicePaidEvent = {
  ...sampleEvents.paid,
  id: 'evt_partial1',
  data: {
    invoice: {
      ...sampleEvents.paid.data.invoice,
      status: 'partially_paid',
      amount_paid: 500000,
      amount_remaining: 990000,
    },
    payment: {
      ...sampleEvents.paid.data.payment,
      id: 'pay_partial1',
      amount: 500000,
      upi: { vpa: 'ana@okhdfc', utr: '498765432109' },
    },
  },
};

describe('parseEvent', () => {
  test.each(Object.entries(sampleEvents))('the %s sample, as an object, a JSON string and bytes', (_name, event) => {
    const text = JSON.stringify(event);
    for (const raw of [event, text, new TextEncoder().encode(text)]) {
      expect(parseEvent(raw)).toEqual({ ok: true, event });
    }
  });

  test('fields a newer service adds are kept', () => {
    const result = parseEvent({ ...sampleEvents.viewed, api_version: '2026-06-01' });
    expect(result.ok && (result.event as Record<string, unknown>).api_version).toBe('2026-06-01');
  });

  test.each<[string, string | object, string]>([
    ['not JSON', 'type=invoice.paid', 'the body is not JSON'],
    ['an empty body', '', 'the body is not JSON'],
    ['truncated JSON', JSON.stringify(sampleEvents.paid).slice(0, 50), 'the body is not JSON'],
    ['null', 'null', 'the event does not have the expected shape (body)'],
    ['an array', '[]', 'the event does not have the expected shape (body)'],
    ['an unknown type', { ...sampleEvents.paid, type: 'invoice.archived' }, 'unknown event type invoice.archived'],
    [
      'a paid event without its payment',
      { ...sampleEvents.paid, data: { invoice: sampleInvoice } },
      'the event does not have the expected shape (data.payment)',
    ],
    [
      'a viewed event with a broken invoice',
      {
        ...sampleEvents.viewed,
        data: { ...sampleEvents.viewed.data, invoice: { ...sampleInvoice, amount_due: '1490000' } },
      },
      'the event does not have the expected shape (data.invoice.amount_due)',
    ],
    ['no id', { ...sampleEvents.disputed, id: '' }, 'the event does not have the expected shape (id)'],
    [
      'a payment in a currency that cannot be formatted',
      {
        ...sampleEvents.paid,
        data: { ...sampleEvents.paid.data, payment: { ...sampleEvents.paid.data.payment, currency: 'Rupees' } },
      },
      'the event does not have the expected shape (data.payment.currency)',
    ],
    [
      'an invoice without a currency code',
      { ...sampleEvents.viewed, data: { ...sampleEvents.viewed.data, invoice: { ...sampleInvoice, currency: '' } } },
      'the event does not have the expected shape (data.invoice.currency)',
    ],
  ])('%s is refused with a reason', (_name, raw, reason) => {
    expect(parseEvent(raw)).toEqual({ ok: false, reason });
  });
});

describe('flattenEvent: one flat record per event, ready to map', () => {
  test('invoice.viewed', () => {
    expect(flattenEvent(sampleEvents.viewed)).toStrictEqual({
      ...common,
      id: 'evt_1NqV8bHq8ZkYd3TxView',
      event_id: 'evt_1NqV8bHq8ZkYd3TxView',
      event_type: 'invoice.viewed',
      occurred_at: '2026-05-02T10:02:11Z',
      invoice_status: 'viewed',
      amount_paid: 0,
      amount_paid_formatted: '₹0.00',
      amount_remaining: 1490000,
      amount_remaining_formatted: '₹14,900.00',
      fully_paid: false,
      view_channel: 'whatsapp',
      viewed_at: '2026-05-02T10:02:11Z',
    });
  });

  test('invoice.paid in full', () => {
    expect(flattenEvent(sampleEvents.paid)).toStrictEqual({
      ...common,
      id: 'evt_1NqW2cHq8ZkYd3TxPaid',
      event_id: 'evt_1NqW2cHq8ZkYd3TxPaid',
      event_type: 'invoice.paid',
      occurred_at: '2026-05-02T11:30:45Z',
      invoice_status: 'paid',
      amount_paid: 1490000,
      amount_paid_formatted: '₹14,900.00',
      amount_remaining: 0,
      amount_remaining_formatted: '₹0.00',
      fully_paid: true,
      payment_id: 'pay_1NqW2cHq8ZkYd3Tx',
      payment_method: 'upi',
      payment_amount: 1490000,
      payment_amount_formatted: '₹14,900.00',
      payment_reference: null,
      upi_utr: '412345678901',
      upi_vpa: 'ana.sharma@okaxis',
      paid_at: '2026-05-02T11:30:45Z',
    });
  });

  test('invoice.paid by a recorded bank transfer: its reference, no UPI details', () => {
    const transfer = {
      ...sampleEvents.paid,
      data: {
        ...sampleEvents.paid.data,
        payment: {
          ...sampleEvents.paid.data.payment,
          method: 'bank_transfer',
          upi: null,
          reference: 'HDFCN52026112012345',
        },
      },
    };
    expect(flattenEvent(transfer)).toMatchObject({
      payment_method: 'bank_transfer',
      payment_reference: 'HDFCN52026112012345',
      upi_utr: null,
      upi_vpa: null,
    });
  });

  test('invoice.created: the invoice and its WhatsApp outcome', () => {
    expect(flattenEvent(sampleEvents.created)).toStrictEqual({
      ...common,
      id: 'evt_1NqU1aHq8ZkYd3TxNew',
      event_id: 'evt_1NqU1aHq8ZkYd3TxNew',
      event_type: 'invoice.created',
      occurred_at: '2026-05-02T09:15:41Z',
      invoice_status: 'open',
      amount_paid: 0,
      amount_paid_formatted: '₹0.00',
      amount_remaining: 1490000,
      amount_remaining_formatted: '₹14,900.00',
      fully_paid: false,
      whatsapp_status: 'sent',
      invoice_created_at: '2026-05-02T09:15:40Z',
    });
  });

  test("client.created: the client's fields, the address both whole and in parts", () => {
    expect(flattenEvent(sampleEvents.clientCreated)).toStrictEqual({
      id: 'evt_1NqT0zHq8ZkYd3TxCli',
      event_id: 'evt_1NqT0zHq8ZkYd3TxCli',
      event_type: 'client.created',
      occurred_at: '2026-05-02T09:14:03Z',
      livemode: false,
      client_id: 'cli_NffrFeUfNV2Hib',
      client_email: 'ana@example.com',
      client_name: 'Ana Sharma',
      client_phone: '+919812345678',
      client_company: 'Ana Sharma Photography',
      client_tax_id: '27AAPFU0939F1ZV',
      client_gstin: '27AAPFU0939F1ZV',
      client_place_of_supply: '27',
      client_address: '12 MG Road, Floor 3, Pune, Maharashtra 411001, IN',
      client_address_line1: '12 MG Road',
      client_address_line2: 'Floor 3',
      client_city: 'Pune',
      client_state: 'Maharashtra',
      client_postal_code: '411001',
      client_country: 'IN',
      client_created_at: '2026-05-02T09:14:03Z',
      client_updated_at: '2026-05-02T09:14:03Z',
    });
  });

  test("client.updated: which fields changed and each one's previous value; unchanged ones are null", () => {
    const record = flattenEvent(sampleEvents.clientUpdated);
    expect(record).toMatchObject({
      event_type: 'client.updated',
      client_email: 'ana@sharmaphoto.example',
      changed_fields: 'email',
      previous_email: 'ana@example.com',
      previous_name: null,
      previous_phone: null,
      previous_address: null,
    });
    const moved = {
      ...sampleEvents.clientUpdated,
      data: {
        client: { ...sampleClient, address: null, phone: null },
        previous_attributes: { address: sampleClient.address, phone: '+919812345678', name: null },
      },
    };
    expect(flattenEvent(moved)).toMatchObject({
      changed_fields: 'address, phone, name',
      client_address: null,
      client_city: null,
      previous_address: '12 MG Road, Floor 3, Pune, Maharashtra 411001, IN',
      previous_phone: '+919812345678',
      previous_name: null,
    });
  });

  test('invoice.paid in part: the payment, what is paid so far and what remains', () => {
    expect(flattenEvent(partial)).toMatchObject({
      id: 'evt_partial1',
      invoice_status: 'partially_paid',
      fully_paid: false,
      payment_id: 'pay_partial1',
      payment_amount: 500000,
      payment_amount_formatted: '₹5,000.00',
      amount_paid: 500000,
      amount_paid_formatted: '₹5,000.00',
      amount_remaining: 990000,
      amount_remaining_formatted: '₹9,900.00',
      upi_utr: '498765432109',
      upi_vpa: 'ana@okhdfc',
    });
  });

  test('the payment that settles the rest makes the invoice fully paid', () => {
    const last: InvoicePaidEvent = {
      ...partial,
      id: 'evt_partial2',
      data: {
        invoice: { ...partial.data.invoice, status: 'paid', amount_paid: 1490000, amount_remaining: 0 },
        payment: { ...partial.data.payment, id: 'pay_partial2', amount: 990000 },
      },
    };
    expect(flattenEvent(last)).toMatchObject({
      fully_paid: true,
      payment_amount: 990000,
      payment_amount_formatted: '₹9,900.00',
      amount_remaining: 0,
    });
  });

  test('amounts are formatted in the invoice currency (yen have no decimals, dinars three)', () => {
    const inYen: InvoicePaidEvent = {
      ...partial,
      data: {
        invoice: {
          ...partial.data.invoice,
          currency: 'JPY',
          amount_due: 15000,
          amount_paid: 5000,
          amount_remaining: 10000,
        },
        payment: { ...partial.data.payment, currency: 'JPY', amount: 5000 },
      },
    };
    expect(flattenEvent(inYen)).toMatchObject({
      amount_due_formatted: '¥15,000',
      payment_amount_formatted: '¥5,000',
      amount_remaining_formatted: '¥10,000',
    });
    const inDinar = {
      ...sampleEvents.viewed,
      data: { ...sampleEvents.viewed.data, invoice: { ...sampleInvoice, currency: 'KWD', amount_due: 1500 } },
    };
    expect(flattenEvent(inDinar).amount_due_formatted).toBe('KWD\u00a01.500');
  });

  test('invoice.disputed, with and without a note', () => {
    expect(flattenEvent(sampleEvents.disputed)).toStrictEqual({
      ...common,
      id: 'evt_1NqX9dHq8ZkYd3TxDisp',
      event_id: 'evt_1NqX9dHq8ZkYd3TxDisp',
      event_type: 'invoice.disputed',
      occurred_at: '2026-05-03T08:05:00Z',
      invoice_status: 'disputed',
      amount_paid: 0,
      amount_paid_formatted: '₹0.00',
      amount_remaining: 1490000,
      amount_remaining_formatted: '₹14,900.00',
      fully_paid: false,
      dispute_id: 'dsp_1NqX9dHq8ZkYd3Tx',
      dispute_reason: 'amount_incorrect',
      dispute_note: 'Hosting was agreed at ₹2,000.',
      disputed_at: '2026-05-03T08:05:00Z',
    });
    const { note: _note, ...withoutNote } = sampleEvents.disputed.data.dispute;
    expect(
      flattenEvent({ ...sampleEvents.disputed, data: { ...sampleEvents.disputed.data, dispute: withoutNote } })
        .dispute_note,
    ).toBeNull();
  });

  test("a tax invoice's events carry its GST totals, labelled, each with its formatted twin", () => {
    const tax = {
      supplier_gstin: '27AAPFU0939F1ZV',
      supplier_state: '27',
      client_gstin: '29AAGCB7383J1Z4',
      place_of_supply: '29',
      place_of_supply_name: 'Karnataka',
      supply_type: 'inter_state',
      taxable_value: 1000000,
      cgst: 0,
      sgst: 0,
      utgst: 0,
      igst: 180000,
      total_tax: 180000,
      total: 1180000,
    };
    const created = {
      ...sampleEvents.created,
      data: { invoice: { ...sampleEvents.created.data.invoice, tax, amount_due: 1180000 } },
    };
    expect(flattenEvent(created)).toMatchObject({
      client_gstin: '29AAGCB7383J1Z4',
      place_of_supply: '29 Karnataka',
      supply_type: 'inter_state',
      tax_taxable_value: 1000000,
      tax_taxable_value_formatted: '₹10,000.00',
      tax_igst: 180000,
      tax_igst_formatted: '₹1,800.00',
      tax_cgst: 0,
      tax_total_tax: 180000,
      tax_total_tax_formatted: '₹1,800.00',
    });
    expect([
      INVOICE_EVENT_LABELS.tax_igst,
      INVOICE_EVENT_LABELS.tax_igst_formatted,
      INVOICE_EVENT_LABELS.client_gstin,
    ]).toEqual(['IGST (Minor Units)', 'IGST', 'Client GSTIN']);
  });

  test('every value is a primitive, so both platforms can map it without digging', () => {
    for (const event of [...Object.values(sampleEvents), partial]) {
      for (const value of Object.values(flattenEvent(event)))
        expect(['string', 'number', 'boolean'].includes(typeof value) || value === null).toBe(true);
    }
  });
});

describe('EVENT_CATALOGUE', () => {
  test('describes each event once, with a stable key and a "Triggers when" description', () => {
    expect(Object.keys(EVENT_CATALOGUE).sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_TYPES).toEqual([
      'invoice.created',
      'invoice.viewed',
      'invoice.paid',
      'invoice.disputed',
      'invoice.sent',
      'invoice.delivery_failed',
      'invoice.overdue',
      'invoice.voided',
      'invoice.refunded',
      'credit_note.created',
      'invoice.credited',
      'debit_note.created',
      'invoice.debited',
      'invoice.einvoice_generated',
      'invoice.einvoice_failed',
      'invoice.einvoice_cancelled',
      'client.created',
      'client.updated',
      'product.created',
      'product.updated',
    ]);
    for (const type of EVENT_TYPES) {
      const entry = EVENT_CATALOGUE[type];
      expect(entry.type).toBe(type);
      expect(entry.key).toBe(type.replace('.', '_'));
      expect(entry.description.startsWith('Triggers when')).toBe(true);
    }
  });
});

describe('receiveWebhook', () => {
  const secret = generateWebhookSecret();
  const now = 1_780_000_000;
  const deliver = (
    event: unknown,
    options: {
      id?: string;
      timestamp?: number;
      signWith?: string;
      types?: string[];
      headers?: Record<string, string | undefined>;
    } = {},
  ) => {
    const rawBody = typeof event === 'string' ? event : JSON.stringify(event);
    const id = options.id ?? (event as { id?: string }).id ?? 'evt_x';
    const headers = {
      ...signWebhook({ secret: options.signWith ?? secret, id, timestamp: options.timestamp ?? now, body: rawBody }),
      ...options.headers,
    };
    return receiveWebhook({ secret, headers, rawBody, types: options.types ?? EVENT_TYPES, now });
  };

  test('a signed, selected event is accepted with its flat record', () => {
    for (const event of Object.values(sampleEvents)) {
      expect(deliver(event)).toEqual({ outcome: 'accepted', event, record: flattenEvent(event) });
    }
  });

  test('a signed event of a type not selected is ignored, not refused', () => {
    expect(deliver(sampleEvents.viewed, { types: ['invoice.paid'] })).toEqual({
      outcome: 'ignored',
      reason: 'unselected_type',
      event: sampleEvents.viewed,
    });
  });

  test.each<[string, Parameters<typeof deliver>[1], VerifyFailure]>([
    ['signed with another secret', { signWith: generateWebhookSecret() }, 'no_matching_signature'],
    ['stale', { timestamp: now - 301 }, 'too_old'],
    ['from the future', { timestamp: now + 301 }, 'too_new'],
    ['missing signature', { headers: { 'webhook-signature': undefined } }, 'missing_header'],
    ['bad timestamp', { headers: { 'webhook-timestamp': 'now' } }, 'bad_timestamp'],
    ['malformed signature', { headers: { 'webhook-signature': 'sha256=abc' } }, 'malformed_signature'],
  ])('%s → rejected (%s)', (_name, options, reason) => {
    const result = deliver(sampleEvents.paid, options);
    expect(result).toMatchObject({ outcome: 'rejected', reason });
    expect(result.outcome === 'rejected' && result.message.startsWith('Webhook refused: ')).toBe(true);
    expect(JSON.stringify(result)).not.toContain(secret.slice(6));
    expect(JSON.stringify(result)).not.toContain('412345678901');
  });

  test('a bad stored secret is reported as such', () => {
    const rawBody = JSON.stringify(sampleEvents.paid);
    const headers = signWebhook({ secret, id: sampleEvents.paid.id, timestamp: now, body: rawBody });
    expect(receiveWebhook({ secret: 'whsec_', headers, rawBody, types: EVENT_TYPES, now })).toMatchObject({
      outcome: 'rejected',
      reason: 'bad_secret',
    });
  });

  test('a correctly signed body that is not a known event is rejected as invalid_event', () => {
    expect(deliver('not json', { id: 'evt_1' })).toEqual({
      outcome: 'rejected',
      reason: 'invalid_event',
      message: 'Webhook refused: the body is not JSON.',
    });
    expect(deliver({ ...sampleEvents.paid, type: 'invoice.archived' })).toEqual({
      outcome: 'rejected',
      reason: 'invalid_event',
      message: 'Webhook refused: unknown event type invoice.archived.',
    });
  });

  test("a body whose event id differs from the signed webhook-id is rejected (no replaying one event's signature for another)", () => {
    expect(deliver(sampleEvents.paid, { id: 'evt_other' })).toEqual({
      outcome: 'rejected',
      reason: 'invalid_event',
      message: "Webhook refused: the body's event id differs from the signed webhook-id.",
    });
  });

  test('a signed event whose amounts cannot be formatted is rejected, not thrown', () => {
    const odd = {
      ...sampleEvents.paid,
      data: { ...sampleEvents.paid.data, invoice: { ...sampleEvents.paid.data.invoice, currency: 'INR ' } },
    };
    expect(deliver(odd)).toMatchObject({ outcome: 'rejected', reason: 'invalid_event' });
  });

  test('the raw bytes are what is verified', () => {
    const rawBody = new TextEncoder().encode(JSON.stringify(sampleEvents.disputed));
    const headers = signWebhook({ secret, id: sampleEvents.disputed.id, timestamp: now, body: rawBody });
    expect(receiveWebhook({ secret, headers, rawBody, types: ['invoice.disputed'], now }).outcome).toBe('accepted');
  });
});

describe('credit and debit note events (issue 40)', () => {
  test('carry the note and what it did to the invoice, each amount with its formatted twin', () => {
    const record = flattenEvent(sampleEventsByType['credit_note.created']);
    // 3 months of hosting credited: ₹600.00 taxable, ₹108.00 GST, ₹708.00 in all; ₹17,582.00 − ₹708.00 owed.
    expect(record).toMatchObject({
      event_type: 'credit_note.created',
      note_id: 'cn_1PqR7sHq8ZkYd3Tx',
      note_number: 'CN-000001',
      note_reason: 'deficiency_in_service',
      note_taxable_value: 60000,
      note_total_tax: 10800,
      note_total: 70800,
      note_total_formatted: '₹708.00',
      amount_credited: 70800,
      amount_credited_formatted: '₹708.00',
      amount_refundable: 0,
      amount_remaining: 1687400,
    });
    const debited = flattenEvent(sampleEventsByType['invoice.debited']);
    expect(debited).toMatchObject({ note_number: 'DN-000001', amount_debited: 118000, amount_remaining: 1876200 });
  });
});

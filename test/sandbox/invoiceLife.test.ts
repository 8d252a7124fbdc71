/**
 * Issue 29 in the sandbox: due dates in IST, overdue with an advanceable clock, send/resend and its
 * events, planted failures with each reason, void and its refusals, the UPI link and the PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DELIVERY_FAILURES,
  DELIVERY_FAILURE_CODES,
  addDays,
  deliverySchema,
  eventSchema,
  invoiceSchema,
  operations,
  runOperation,
  todayIn,
  type HttpRequest,
} from '../../shared';
import { runCli } from '../../sandbox/cli';
import { type TestClient, startTestSandbox } from './support';

let t: TestClient;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());

const call = async (request: HttpRequest, status = 200) => {
  const response = await t.send(request);
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  return response.body as any;
};
const eventsOf = async (type: string, invoiceId: string) =>
  (await call(operations.listEvents.request(t.connection, { type: type as any, limit: 100 }))).data.filter(
    (event: any) => event.data.invoice.id === invoiceId,
  );
const today = async () => (await call(operations.getClock.request(t.connection, {}))).today as string;

describe('due dates', () => {
  test('payment terms set the due date from today in India; the answer carries it and the terms', async () => {
    const day = await today();
    expect(day).toBe(todayIn(new Date(Date.now() + 0), 'Asia/Kolkata'));
    const invoice = invoiceSchema.parse(await t.createInvoice({ payment_terms: 'net_15' }));
    expect(invoice).toMatchObject({
      due_date: addDays(day, 15),
      payment_terms: 'net_15',
      overdue: false,
      days_overdue: 0,
    });
    const dated = await t.createInvoice({ due_date: addDays(day, 3) });
    expect(dated).toMatchObject({ due_date: addDays(day, 3), payment_terms: null });
    expect((await t.createInvoice()).due_date).toBeNull();
  });

  test('a due date in the past, or a date with terms, is refused naming the field', async () => {
    const past = await t.send(
      operations.createInvoice.request(t.connection, {
        client_email: 'a@example.com',
        currency: 'INR',
        items: [{ description: 'x', amount: 1 }],
        due_date: addDays(await today(), -1),
      } as any),
    );
    expect(past.status).toBe(422);
    expect((past.body as any).errors[0]).toMatchObject({
      param: 'due_date',
      message: expect.stringMatching(/^Due Date must be today \(\d{4}-\d\d-\d\d, India time\) or later/),
    });
    const both = await t.send(
      operations.createInvoice.request(t.connection, {
        client_email: 'a@example.com',
        currency: 'INR',
        items: [{ description: 'x', amount: 1 }],
        due_date: '2099-01-01',
        payment_terms: 'net_7',
      } as any),
    );
    expect(both.status).toBe(422);
    expect((both.body as any).errors.map((e: any) => e.param)).toEqual(['payment_terms']);
  });
});

describe('overdue with the clock', () => {
  test('advancing past the due date makes the invoice overdue, emits invoice.overdue once, and the filters find it', async () => {
    const due = await t.createInvoice({ client_email: 'late@example.com', payment_terms: 'net_7' });
    const paid = await t.createInvoice({ client_email: 'late@example.com', payment_terms: 'net_7' });
    await call(operations.simulatePayment.request(t.connection, { invoice_id: paid.id }));
    await call(operations.advanceClock.request(t.connection, { days: 7 }));
    expect(await call(operations.getInvoice.request(t.connection, { invoice_id: due.id }))).toMatchObject({
      overdue: false,
      days_overdue: 0,
    });
    expect(await eventsOf('invoice.overdue', due.id)).toHaveLength(0);

    await call(operations.advanceClock.request(t.connection, { days: 1 }));
    expect(await call(operations.getInvoice.request(t.connection, { invoice_id: due.id }))).toMatchObject({
      overdue: true,
      days_overdue: 1,
    });
    const [event, ...more] = await eventsOf('invoice.overdue', due.id);
    expect(more).toEqual([]);
    expect(eventSchema.parse(event).data).toMatchObject({ overdue: { due_date: due.due_date, days_overdue: 1 } });
    expect(await eventsOf('invoice.overdue', paid.id)).toHaveLength(0);

    await call(operations.advanceClock.request(t.connection, { days: 2 }));
    expect(await eventsOf('invoice.overdue', due.id)).toHaveLength(1);
    const list = async (query: object) =>
      (
        await call(operations.listInvoices.request(t.connection, { client_email: 'late@example.com', ...query } as any))
      ).data.map((i: any) => i.id);
    expect(await list({ overdue: true })).toEqual([due.id]);
    expect(await list({ overdue: false })).toEqual([paid.id]);
    expect(await list({ days_overdue: 3 })).toEqual([due.id]);
    expect(await list({ days_overdue: 2 })).toEqual([]);
    expect(await list({ due_before: addDays(due.due_date, 1) })).toEqual(expect.arrayContaining([due.id, paid.id]));
    expect(await list({ due_after: due.due_date })).toEqual([]);
  });

  test('the helper moves an invoice past its due date and answers the event; a paid invoice cannot be', async () => {
    const invoice = await t.createInvoice({ client_email: 'helper@example.com' });
    const event = await call(operations.simulateOverdue.request(t.connection, { invoice_id: invoice.id, days: 5 }));
    expect(event).toMatchObject({
      type: 'invoice.overdue',
      data: { invoice: { id: invoice.id, days_overdue: 5, overdue: true } },
    });
    await call(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id }));
    const refused = await t.send(operations.simulateOverdue.request(t.connection, { invoice_id: invoice.id }));
    expect(refused.status).toBe(409);
  });
});

describe('sending', () => {
  test('by e-mail: 202 with the delivery, then invoice.sent; a reminder carries the UPI link', async () => {
    const invoice = await t.createInvoice({ client_email: 'send@example.com' });
    const delivery = deliverySchema.parse(
      await call(
        operations.sendInvoice.request(t.connection, { invoice_id: invoice.id, channel: 'email', kind: 'reminder' }),
        202,
      ),
    );
    expect(delivery).toMatchObject({
      channel: 'email',
      kind: 'reminder',
      to: 'send@example.com',
      status: 'sent',
      invoice_id: invoice.id,
    });
    const [sent] = await eventsOf('invoice.sent', invoice.id);
    expect(sent.data.delivery).toEqual(delivery);
    expect(sent.data.invoice.upi_link).toBe(
      'upi://pay?pa=sandbox%40okicici&pn=Sandbox%20account&am=1500.00&cu=INR&tn=' + invoice.number,
    );
  });

  test.each(DELIVERY_FAILURE_CODES)(
    'a planted %s fails the next send with its reason and message, once',
    async (code) => {
      const channel = DELIVERY_FAILURES[code].channel;
      await call(
        operations.createClient.request(t.connection, { email: `fail.${code}@example.com`, phone: '+919812345678' }),
        201,
      );
      const invoice = await t.createInvoice({ client_email: `fail.${code}@example.com` });
      await call(operations.simulateDeliveryFailure.request(t.connection, { channel, failure_code: code }));
      const failed = await call(operations.sendInvoice.request(t.connection, { invoice_id: invoice.id, channel }), 202);
      expect(failed).toMatchObject({
        status: 'failed',
        failure_code: code,
        failure_message: DELIVERY_FAILURES[code].message,
      });
      const [event] = await eventsOf('invoice.delivery_failed', invoice.id);
      expect(event.data.delivery).toMatchObject({ failure_code: code });
      const again = await call(operations.sendInvoice.request(t.connection, { invoice_id: invoice.id, channel }), 202);
      expect(again.status).toBe('sent');
    },
  );

  test('a planted failure on the wrong channel is refused', async () => {
    const response = await t.send(
      operations.simulateDeliveryFailure.request(t.connection, { channel: 'email', failure_code: 'not_on_whatsapp' }),
    );
    expect(response.status).toBe(422);
  });

  test('auto_send_whatsapp at creation makes the same events: a test number not on WhatsApp fails', async () => {
    await call(
      operations.createClient.request(t.connection, { email: 'notwa@example.com', phone: '+910000000001' }),
      201,
    );
    const invoice = await t.createInvoice({ client_email: 'notwa@example.com', auto_send_whatsapp: true });
    expect(invoice.whatsapp).toMatchObject({ status: 'failed', error_code: 'not_on_whatsapp' });
    expect(await eventsOf('invoice.delivery_failed', invoice.id)).toHaveLength(1);
    const noPhone = await t.createInvoice({ client_email: 'nophone.life@example.com', auto_send_whatsapp: true });
    const [missing] = await eventsOf('invoice.delivery_failed', noPhone.id);
    expect(missing.data.delivery).toMatchObject({ failure_code: 'client_phone_missing', to: null });
  });

  test('the same Idempotency-Key twice sends once', async () => {
    const invoice = await t.createInvoice({ client_email: 'once@example.com' });
    const request = operations.sendInvoice.request(t.connection, {
      invoice_id: invoice.id,
      channel: 'email',
      idempotency_key: `send-${invoice.id}`,
    });
    const first = await call(request, 202);
    const second = await t.send(request);
    expect(second.body).toEqual(first);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf('invoice.sent', invoice.id)).toHaveLength(1);
  });
});

describe('voiding', () => {
  test('void: status void, nothing owed, no UPI link, invoice.voided once; it leaves owed lists and refuses pay and send', async () => {
    const invoice = await t.createInvoice({ client_email: 'void@example.com' });
    const voided = invoiceSchema.parse(
      await call(operations.voidInvoice.request(t.connection, { invoice_id: invoice.id })),
    );
    expect(voided).toMatchObject({
      status: 'void',
      amount_remaining: 0,
      amount_due: 150000,
      upi_link: null,
      voided_at: expect.any(String),
    });
    await call(operations.voidInvoice.request(t.connection, { invoice_id: invoice.id }));
    expect(await eventsOf('invoice.voided', invoice.id)).toHaveLength(1);
    const owed = await call(
      operations.listInvoices.request(t.connection, { client_email: 'void@example.com', owed: true }),
    );
    expect(owed.data).toEqual([]);
    const pay = await t.send(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id }));
    expect(pay).toMatchObject({ status: 409, body: { code: 'invoice_void' } });
    const send = await t.send(
      operations.sendInvoice.request(t.connection, { invoice_id: invoice.id, channel: 'email' }),
    );
    expect(send).toMatchObject({ status: 409, body: { code: 'invoice_void' } });
  });

  test('a partly paid invoice is refused with invoice_has_payments and the amounts', async () => {
    const invoice = await t.createInvoice({ client_email: 'partpaid@example.com' });
    await call(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 50000 }));
    const refused = await t.send(operations.voidInvoice.request(t.connection, { invoice_id: invoice.id }));
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'invoice_has_payments',
        detail: `${invoice.number} cannot be voided: ₹500.00 of ₹1,500.00 has been paid. Record Refund for the payments first, or leave the invoice as it is.`,
      },
    });
    const reminder = await t.send(
      operations.sendInvoice.request(t.connection, { invoice_id: invoice.id, channel: 'email', kind: 'reminder' }),
    );
    expect(reminder.status).toBe(202);
  });
});

/** The invoice's PDF as downloaded, checked to be one and named by the number, read back as text by pdftotext. */
async function pdfText(invoice: { id: string; number: string }): Promise<string> {
  const request = operations.downloadInvoicePdf.request(t.connection, { invoice_id: invoice.id });
  expect(request.headers.Accept).toBe('application/pdf');
  const response = await fetch(request.url, { headers: request.headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number}.pdf"`);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), `${invoice.number}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text;
}

describe('the PDF', () => {
  test('a real PDF with the number, dates, client, lines, amount due, link and a UPI QR; named by the number', async () => {
    const invoice = await t.createInvoice({
      client_email: 'pdf@example.com',
      payment_terms: 'net_30',
      items: [
        { description: 'Logo design', amount: 250000 },
        { description: 'Hosting', amount: 49900 },
      ],
    });
    await call(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 100000 }));
    const text = await pdfText(invoice);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Amount Remaining: INR 1,999.00');
    expect(text).toMatch(/Logo design\s+INR 2,500\.00/);
    expect(text).toContain(`Due: ${invoice.due_date} (net_30)`);
    expect(text).toContain('Logo design');
    expect(text).toContain('pdf@example.com');
    expect(text).toContain(invoice.hosted_url);
    expect(text).toContain('Scan to pay with any UPI app');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toContain('GSTIN');
    // Who it is from, with the account's (made-up) address; a plain invoice has no signatory line (rule 46 is a tax
    // invoice's).
    // The two parties side by side: pdftotext -layout keeps them on shared lines.
    expect(text).toMatch(
      /From\s+Bill to\n\s*Sandbox account\s+pdf@example\.com\n\s*1 Example Road\n\s*Pune, Maharashtra 411001\n/,
    );
    expect(text).not.toContain('Authorised signatory');
  });

  const createGst = async (client: Record<string, unknown>, items: Array<Record<string, unknown>>) => {
    await runOperation(operations.createClient, t.connection, client, t.send);
    return runOperation(
      operations.createInvoice,
      t.connection,
      { client_email: client.email, currency: 'INR', items },
      t.send,
    );
  };

  test("a tax invoice within Maharashtra (27, the sandbox supplier's state): per line CGST + SGST, the totals", async () => {
    const address = { line1: '7 FC Road', city: 'Pune', state: 'Maharashtra', postal_code: '411004', country: 'IN' };
    const client = { email: 'pune.pdf@example.com', name: 'Pune Traders', gstin: '27AAPFU0939F1ZV', address };
    const invoice = await createGst(client, [
      {
        description: 'Website upkeep',
        quantity: '7.5',
        unit: 'hrs',
        unit_price: '1,333.33',
        hsn_sac: '998314',
        gst_rate: '18',
      },
      {
        description: 'Tea, Darjeeling',
        quantity: '2.25',
        unit: 'kg',
        unit_price: '480',
        hsn_sac: '0902',
        gst_rate: '5',
      },
    ]);
    // By hand, half-up to the paisa per line per head (contract: "GST computation and rounding"):
    // Website upkeep: 7.5 × 1,333.33 = 9,999.975 → 9,999.98; CGST 9 % = 899.9982 → 900.00, SGST the same.
    // Tea: 2.25 × 480.00 = 1,080.00; CGST 2.5 % = 27.00, SGST the same.
    // Taxable 9,999.98 + 1,080.00 = 11,079.98; CGST = SGST = 900.00 + 27.00 = 927.00; tax 1,854.00;
    // total 11,079.98 + 1,854.00 = 12,933.98.
    const text = await pdfText(invoice);
    for (const particular of [
      `Tax Invoice ${invoice.number}`,
      `Supplier GSTIN: ${invoice.tax?.supplier_gstin}`,
      `Issued: ${invoice.created_at.slice(0, 10)}`,
      'Pune Traders',
      'pune.pdf@example.com',
      'Client GSTIN: 27AAPFU0939F1ZV',
      // Rule 46(a) and (e): both parties' names and addresses; rule 46(q): who signs, for whom.
      'Sandbox account',
      '1 Example Road',
      'Pune, Maharashtra 411001',
      '7 FC Road',
      'Pune, Maharashtra 411004',
      'For Sandbox account',
      'Authorised signatory',
      'Place of Supply: Maharashtra (27)',
      'Reverse Charge: No',
      'Taxable Value: INR 11,079.98',
      'CGST: INR 927.00',
      'SGST: INR 927.00',
      'Total Tax: INR 1,854.00',
      'Total with Tax: INR 12,933.98',
      'Amount Remaining: INR 12,933.98',
      invoice.hosted_url,
      'Scan to pay with any UPI app',
    ]) {
      expect([particular, text.includes(particular)]).toEqual([particular, true]);
    }
    expect(text).toMatch(
      /Description\s+HSN\/SAC Code\s+Quantity\s+Unit Price\s+GST Rate\s+Taxable Value\s+CGST\s+SGST\n/,
    );
    expect(text).toMatch(
      /Website upkeep\s+998314\s+7\.5 hrs\s+INR 1,333\.33\s+18 %\s+INR 9,999\.98\s+INR 900\.00\s+INR 900\.00\n/,
    );
    // pdftotext reads the right-aligned "5 %" as "5%" (its word spacing heuristic); the PDF draws "5 %" as "18 %".
    expect(text).toMatch(
      /Tea, Darjeeling\s+0902\s+2\.25 kg\s+INR 480\.00\s+5 ?%\s+INR 1,080\.00\s+INR 27\.00\s+INR 27\.00\n/,
    );
    expect(text).toMatch(/Total\s+INR 11,079\.98\s+INR 927\.00\s+INR 927\.00\n/);
    expect(text).not.toContain('IGST');
  });

  test('a tax invoice to Karnataka (29): inter-state, per line IGST, a Non-GST line, part paid', async () => {
    const invoice = await createGst(
      {
        email: 'blr.pdf@example.com',
        name: 'Bengaluru Foods',
        company: 'Bengaluru Foods Pvt Ltd',
        gstin: '29AAPFU0939F1ZR',
        address: { line1: '4 Residency Road', city: 'Bengaluru', postal_code: '560025', country: 'IN' },
      },
      [
        {
          description: 'Consulting, hours',
          quantity: '2.5',
          unit: 'hrs',
          unit_price: '1,999.99',
          hsn_sac: '998311',
          gst_rate: '18',
        },
        { description: 'Travel', amount: '500.00', gst_rate: 'Non-GST' },
      ],
    );
    await call(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id, amount: 100000 }));
    // By hand: Consulting 2.5 × 1,999.99 = 4,999.975 → 4,999.98 (half-up); IGST 18 % = 899.9964 → 900.00.
    // Travel 500.00, Non-GST: no tax. Taxable 5,499.98; IGST 900.00; tax 900.00; total 6,399.98;
    // 1,000.00 paid leaves 5,399.98.
    const text = await pdfText(invoice);
    for (const particular of [
      `Tax Invoice ${invoice.number}`,
      'Bengaluru Foods',
      'Client GSTIN: 29AAPFU0939F1ZR',
      'Bengaluru Foods Pvt Ltd',
      '4 Residency Road',
      // An address without a state: the city and the PIN on one line.
      'Bengaluru 560025',
      'Authorised signatory',
      'Place of Supply: Karnataka (29)',
      'Taxable Value: INR 5,499.98',
      'IGST: INR 900.00',
      'Total Tax: INR 900.00',
      'Total with Tax: INR 6,399.98',
      'Amount Paid: INR 1,000.00',
      'Amount Remaining: INR 5,399.98',
    ]) {
      expect([particular, text.includes(particular)]).toEqual([particular, true]);
    }
    expect(text).toMatch(/Description\s+HSN\/SAC Code\s+Quantity\s+Unit Price\s+GST Rate\s+Taxable Value\s+IGST\n/);
    expect(text).toMatch(
      /Consulting, hours\s+998311\s+2\.5 hrs\s+INR 1,999\.99\s+18 %\s+INR 4,999\.98\s+INR 900\.00\n/,
    );
    expect(text).toMatch(/Travel\s+Non-GST\s+INR 500\.00\s+INR 0\.00\n/);
    expect(text).toMatch(/Total\s+INR 5,499\.98\s+INR 900\.00\n/);
    expect(text).not.toMatch(/CGST|SGST/);
  });

  test('an unknown invoice is a 404 problem', async () => {
    const response = await t.send(
      operations.downloadInvoicePdf.request(t.connection, { invoice_id: 'inv_doesnotexist' }),
    );
    expect(response.status).toBe(404);
  });
});

describe('the hosted page', () => {
  test('shows the due date, days overdue and the UPI QR while money is owed; a paid invoice shows no QR', async () => {
    const invoice = await t.createInvoice({ payment_terms: 'net_7' });
    await call(operations.simulateOverdue.request(t.connection, { invoice_id: invoice.id, days: 3 }));
    const owed = await (await fetch(invoice.hosted_url)).text();
    const shown = await call(operations.getInvoice.request(t.connection, { invoice_id: invoice.id }));
    expect(owed).toContain(`Due date ${shown.due_date} · 3 days overdue`);
    expect(owed).toMatch(/<figure class="upi"><svg[^>]*>.*<\/svg>\s*<figcaption>Scan to pay with any UPI app/s);
    expect(owed).toContain(`href="${shown.upi_link.replace(/&/g, '&#38;')}"`);
    await call(operations.simulatePayment.request(t.connection, { invoice_id: invoice.id }));
    const paid = await (await fetch(invoice.hosted_url)).text();
    expect(paid).not.toContain('<svg');
    expect(paid).not.toContain('days overdue');
  });
});

describe('the CLI', () => {
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const result = await runCli([...argv, '--url', t.sandbox.baseUrl, '--key', t.connection.apiKey], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { ...result, out: out.join('\n'), err: err.join('\n') };
  };

  test('overdue, fail-next, clock advance, send and void, each one request with its answer printed', async () => {
    const invoice = await t.createInvoice({ client_email: 'cli.life@example.com' });
    expect(JSON.parse((await cli('overdue', invoice.id, '--days', '4')).out)).toMatchObject({
      type: 'invoice.overdue',
      data: { invoice: { days_overdue: 4 } },
    });
    expect(JSON.parse((await cli('fail-next', 'email_bounced')).out)).toEqual({
      object: 'planted_failure',
      channel: 'email',
      failure_code: 'email_bounced',
    });
    expect(JSON.parse((await cli('send', invoice.id, '--channel', 'email')).out)).toMatchObject({
      status: 'failed',
      failure_code: 'email_bounced',
    });
    const before = JSON.parse((await cli('clock')).out);
    const after = JSON.parse((await cli('clock', 'advance', '--days', '2')).out);
    expect(after.today).toBe(addDays(before.today, 2));
    expect(JSON.parse((await cli('void', invoice.id)).out)).toMatchObject({ status: 'void' });
    const wrong = await cli('fail-next', 'lost_in_the_post');
    expect(wrong.exitCode).toBe(2);
    expect(wrong.err).toContain('fail-next needs a failure code: client_phone_missing, invalid_phone_number');
  });
});

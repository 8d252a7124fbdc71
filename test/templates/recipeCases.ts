/**
 * Each Zap recipe's case, run by the recipe runner (zapRecipes.ts) in the world it is given: the app's source
 * through the app tester against a sandbox process (test/zapier/recipes.test.ts, in npm test) or Zapier's built
 * zip through its Lambda handler against the live suite's sandbox (test/live/recipes.live.ts). One set of
 * cases, so both run the recipes exactly as written.
 */
import { addDays, operations, todayIn } from '../../shared';
import { ORDER_1042_INVOICE, stockOrderProducts } from './orderProducts';
import { AFTER_THE_RETURN, paidOrderReturned, REFUND_UTR, RETURNED_LINE_CREDIT } from './returnedOrder';
import {
  fieldKeys,
  polledRecords,
  recipe,
  recipeText,
  runZap,
  triggerRecord,
  zapsOf,
  type InputField,
  type Outputs,
  type RecipeWorld,
} from './zapRecipes';

/** Declares the recipes' tests; `w` (the world) is read once the file's beforeAll has made it. */
export function recipeCases(w: () => RecipeWorld): void {
  const app = () => w().app;

  test('every recipe says why it is a recipe, and every step of ours names a field the app shows', () => {
    for (const slug of [
      '01-order-to-whatsapp-invoice',
      '02-overdue-reminders',
      '03-upi-payment-ledger-and-thanks',
      '04-bulk-invoices-from-csv',
      '05-dispute-alert',
      '07-two-way-contact-sync',
      '08-invoice-pdf-by-email',
      '09-monthly-gstr1-to-accountant',
      '10-return-credit-note-refund',
      '11-catalogue-sync',
    ]) {
      const text = recipeText(slug);
      expect(text).toContain('Zapier lets only a public integration publish real Zap templates');
      for (const step of [...recipe(slug), ...zapsOf(slug).flatMap((zap) => recipe(slug, zap))]) {
        const definition =
          step.kind === 'create'
            ? app().definition.creates[step.key!]
            : step.kind.startsWith('search')
              ? app().definition.searches[step.key!]
              : undefined;
        if (!definition) continue;
        const inputFields: InputField[] = definition.operation.inputFields;
        const keys = fieldKeys(inputFields);
        if (step.kind.startsWith('search_or_create'))
          for (const [label, key] of fieldKeys(
            app().definition.creates[app().definition.searchOrCreates[step.key!].create].operation.inputFields,
          ))
            keys.set(label, key);
        expect({
          slug,
          step: step.number,
          unknown: step.fields.map(([label]) => label).filter((label) => !keys.has(label)),
        }).toEqual({ slug, step: step.number, unknown: [] });
        // A value typed into a field with a list is one of its labels (or a mapping).
        const unlisted = step.fields.filter(([label, value]) => {
          const choices = inputFields.find((field) => field.key === keys.get(label))?.choices;
          return Array.isArray(choices) && !value.includes('{{') && !choices.some((choice) => choice.label === value);
        });
        expect({ slug, step: step.number, unlisted }).toEqual({ slug, step: step.number, unlisted: [] });
      }
    }
  });

  test("1 · a paid order: one client, one invoice billing its lines by SKU, the order's price winning; again: nothing", async () => {
    const steps = recipe('01-order-to-whatsapp-invoice');
    expect(steps.map((step) => step.kind)).toEqual(['trigger', 'search_or_create', 'create']);
    await stockOrderProducts((build) => w().api(build));
    const first = await runZap(w(), steps, steps[0].sample);
    expect(first[3]).toMatchObject(ORDER_1042_INVOICE);
    expect(first[2]).toMatchObject({ name: 'Priya Nair', phone: '+919845012345' });
    const again = await runZap(w(), steps, steps[0].sample);
    expect(again[2].id).toBe(first[2].id);
    expect(again[3].id).toBe(first[3].id);
    expect(
      (await w().api((c) => operations.listInvoices.request(c, { client_email: 'priya.order@example.com' }))).data,
    ).toHaveLength(1);
  });

  test('3 · a UPI payment: the ledger row carries the UTR, the thank-you the amount and receipt', async () => {
    const steps = recipe('03-upi-payment-ledger-and-thanks');
    await w().api((c) => operations.createClient.request(c, { email: 'kabir.zap@example.com', name: 'Kabir Mehta' }));
    const invoice = await w().api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'kabir.zap@example.com',
        currency: 'INR',
        items: [{ description: 'Logo', amount: 1200000 }],
      }),
    );
    const paid = await triggerRecord(w(), 'invoice_paid', () =>
      w().api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 500000 })),
    );
    const outputs = await runZap(w(), steps, paid);
    expect(outputs[3]).toEqual({
      'Paid At': paid.paid_at,
      'Invoice Number': invoice.number,
      'Client Email': 'kabir.zap@example.com',
      Amount: '₹5,000.00',
      Currency: 'INR',
      Method: 'upi',
      UTR: expect.stringMatching(/^\d{12}$/),
      'Payer UPI ID': expect.stringContaining('@'),
      'Payment ID': paid.payment_id,
    });
    expect(outputs[4]).toEqual({
      To: 'kabir.zap@example.com',
      Subject: `Payment received for invoice ${invoice.number}`,
      Body: `Hi Kabir Mehta, thank you! We received ₹5,000.00 by UPI (UTR ${paid.upi_utr}) for invoice ${invoice.number}. Still due: ₹7,000.00. Receipt: ${invoice.hosted_url}`,
    });
  });

  test('4 · a sheet row: one client and one invoice with all its lines; a refused row says which field and why; the row again creates nothing', async () => {
    const steps = recipe('04-bulk-invoices-from-csv');
    const row = steps[0].sample as Record<string, string>;
    const outputs = await runZap(w(), steps, row);
    expect(outputs[5]).toMatchObject({
      client_email: 'asha.bulk@example.com',
      amount_due: 1490000,
      items: [
        { description: 'Website design', amount: 1250000 },
        { description: 'Hosting (12 months)', amount: 240000 },
      ],
    });
    expect((await runZap(w(), steps, row))[5].id).toBe(outputs[5].id);
    const refused = runZap(w(), steps, {
      ...row,
      'Invoice Ref': 'B-4',
      'Client Email': 'meena.zap@example.com',
      Amounts: '1,000.00|one thousand',
    });
    await expect(refused).rejects.toThrow(
      /Item 2: amount .*\(you entered one thousand\); enter an amount such as 1500, 1500.00 or 1,500.00/,
    );
    expect(
      (await w().api((c) => operations.listInvoices.request(c, { client_email: 'meena.zap@example.com' }))).data,
    ).toEqual([]);
  });

  test('5 · a dispute: the Slack message names the invoice, the client and the reason', async () => {
    const steps = recipe('05-dispute-alert');
    await w().api((c) =>
      operations.createClient.request(c, {
        email: 'rohan.zap@example.com',
        name: 'Rohan Das',
        company: 'Das Traders',
        phone: '+919822334455',
      }),
    );
    const invoice = await w().api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'rohan.zap@example.com',
        currency: 'INR',
        items: [{ description: 'Audit', amount: 250000 }],
      }),
    );
    const disputed = await triggerRecord(w(), 'invoice_disputed', () =>
      w().api((c) =>
        operations.simulateDispute.request(c, {
          invoice_id: invoice.id,
          reason: 'amount_incorrect',
          note: 'Agreed ₹2,000',
        }),
      ),
    );
    const outputs = await runZap(w(), steps, disputed);
    expect(outputs[3]).toEqual({
      Channel: '#billing',
      'Message Text':
        `:warning: Invoice ${invoice.number} (₹2,500.00 due) was disputed by Rohan Das of Das Traders <rohan.zap@example.com, +919822334455>. ` +
        `Reason: amount_incorrect (Agreed ₹2,000). Invoice: ${invoice.hosted_url}`,
    });
  });

  test('7 · both ways: a CRM contact becomes one client (twice sent, still one); a change here reaches the CRM contact by its old e-mail', async () => {
    const zapA = recipe('07-two-way-contact-sync');
    const zapB = recipe('07-two-way-contact-sync', 'B');
    const first = await runZap(w(), zapA, zapA[0].sample);
    expect(first[2]).toMatchObject({
      email: 'nisha.crm@example.com',
      name: 'Nisha Pillai',
      phone: '+919876543210',
      company: 'Pillai & Co',
    });
    expect((await runZap(w(), zapA, zapA[0].sample))[2].id).toBe(first[2].id);
    const updated = await triggerRecord(w(), 'client_updated', () =>
      w().api((c) =>
        operations.updateClient.request(c, {
          client_id: first[2].id,
          email: 'nisha@pillai.example',
          phone: '+919876500000',
        }),
      ),
    );
    const outputs = await runZap(w(), zapB, updated);
    expect(outputs[3]).toEqual({
      'Contact (find by Email)': 'nisha.crm@example.com',
      Email: 'nisha@pillai.example',
      Name: 'Nisha Pillai',
      Phone: '+919876500000',
      Company: 'Pillai & Co',
      'Invoicing Client ID': first[2].id,
    });
  });

  test('6 · the digest recipe stays a placeholder while no search or scheduled trigger returns many invoices in one run', () => {
    const searches = Object.values(app().definition.searches).map((search: any) => search.key);
    // Find Product (issue 42) answers one product, Find Credit Note and Find Debit Note (issue 40) one note: never a
    // run of invoices.
    expect(searches).toEqual([
      'find_client',
      'find_invoice',
      'find_payment',
      'find_product',
      'find_refund',
      'find_credit_note',
      'find_debit_note',
    ]);
    // Invoice Overdue by Days polls, but starts one Zap per invoice: no digest of many invoices in one run.
    expect(Object.keys(app().definition.triggers).filter((key) => /schedule|digest/.test(key))).toEqual([]);
  });

  test('2 · reminders: 3 days before and on the due date after a Delay, 3 days after by the poll; none once paid, disputed or void; a failed WhatsApp goes by e-mail, a bounce alerts', async () => {
    const [zapA, zapB, zapC, zapD, zapE] = ['A', 'B', 'C', 'D', 'E'].map((zap) => recipe('02-overdue-reminders', zap));
    expect(zapA.map((step) => `${step.kind} ${step.key ?? ''}`.trim())).toEqual([
      'trigger invoice_created',
      'search find_invoice',
      'filter',
      'formatter date',
      'delay until',
      'search find_invoice',
      'filter',
      'create send_invoice',
    ]);
    for (const zap of [zapC, zapD]) expect(zap.map((step) => step.kind)).toEqual(['trigger', 'filter', 'create']);
    expect(zapE.map((step) => step.kind)).toEqual(['trigger', 'filter', 'action']);
    const today = todayIn(new Date());
    /** A new invoice due `offset` days from today (none: no due date), as New Invoice's record gives it. */
    const newInvoice = async (email: string, phone: string, offset?: number) => {
      await w().api((c) => operations.createClient.request(c, { email, phone }));
      let invoice: any;
      const created = await triggerRecord(w(), 'invoice_created', async () => {
        invoice = await w().api((c) =>
          operations.createInvoice.request(c, {
            client_email: email,
            currency: 'INR',
            items: [{ description: 'Consulting', amount: 150000 }],
            ...(offset === undefined ? {} : { due_date: addDays(today, offset) }),
          }),
        );
      });
      return { invoice, created };
    };
    /** What may happen to an invoice while its Zap waits: nothing, paid, disputed or voided. */
    const meanwhile = (invoiceId: string, what?: 'paid' | 'disputed' | 'void') => async () => {
      if (what === 'paid')
        await w().api((c) => operations.simulatePayment.request(c, { invoice_id: invoiceId, amount: undefined }));
      if (what === 'disputed')
        await w().api((c) => operations.simulateDispute.request(c, { invoice_id: invoiceId, reason: 'late' }));
      if (what === 'void') await w().api((c) => operations.voidInvoice.request(c, { invoice_id: invoiceId }));
    };

    const before = await newInvoice('asha.zap@example.com', '+919812345678', 5);
    const waited: string[] = [];
    const reminded = await runZap(w(), zapA, before.created, { delayed: async (until) => void waited.push(until) });
    expect(waited).toEqual([`${addDays(today, 2)} 9:00am`]);
    expect(reminded.stoppedAt).toBeUndefined();
    expect(reminded[8]).toMatchObject({ channel: 'whatsapp', kind: 'reminder', status: 'sent', to: '+919812345678' });
    expect(reminded[6]).toMatchObject({ upi_link: expect.stringMatching(/^upi:\/\/pay\?.*am=1500\.00/) });
    expect((await runZap(w(), zapA, before.created))[8].id).toBe(reminded[8].id);
    const onTheDay = await newInvoice('kiran.zap@example.com', '+919812345679', 0);
    const due = await runZap(w(), zapB, onTheDay.created, { delayed: async (until) => void waited.push(until) });
    expect(waited.at(-1)).toBe(`${today} 9:00am`);
    expect(due[7]).toMatchObject({ channel: 'whatsapp', kind: 'reminder', status: 'sent' });
    for (const [what, email] of [
      ['paid', 'paid.zap@example.com'],
      ['disputed', 'disputed.zap@example.com'],
      ['void', 'void.zap@example.com'],
    ] as const) {
      const { invoice, created } = await newInvoice(email, '+919812345680', 3);
      expect({
        what,
        stoppedAt: (await runZap(w(), zapA, created, { delayed: meanwhile(invoice.id, what) })).stoppedAt,
      }).toEqual({ what, stoppedAt: 7 });
    }
    expect(
      (await runZap(w(), zapA, (await newInvoice('open.zap@example.com', '+919812345681')).created)).stoppedAt,
    ).toBe(3);

    // 3 days after: the poll's records, one Zap each; a disputed one stops at the filter.
    const overdue = async (email: string, phone: string, disputed = false) => {
      const { invoice } = await newInvoice(email, phone);
      if (disputed) await meanwhile(invoice.id, 'disputed')();
      await w().api((c) => operations.simulateOverdue.request(c, { invoice_id: invoice.id, days: 3 }));
      return invoice;
    };
    const late = await overdue('meera.zap@example.com', '+919812345682');
    const lateDisputed = await overdue('dev.zap@example.com', '+919822334455', true);
    const bounce = await overdue('bounce.zap@example.com', '+910000000001');
    const polled = await polledRecords(w(), zapC[0]);
    const record = (invoice: { id: string }) => polled.find((candidate) => candidate.invoice_id === invoice.id)!;
    expect([late, lateDisputed, bounce].map((invoice) => record(invoice)?.days_overdue)).toEqual([3, 3, 3]);
    const after = await runZap(w(), zapC, record(late));
    expect(after[3]).toMatchObject({ channel: 'whatsapp', kind: 'reminder', status: 'sent', to: '+919812345682' });
    expect(record(late).upi_link).toMatch(/^upi:\/\/pay\?.*am=1500\.00/);
    expect((await runZap(w(), zapC, record(late)))[3].id).toBe(after[3].id);
    expect((await runZap(w(), zapC, record(lateDisputed))).stoppedAt).toBe(2);

    const onWhatsApp = await triggerRecord(w(), 'invoice_delivery_failed', () => runZap(w(), zapC, record(bounce)));
    expect(onWhatsApp).toMatchObject({
      delivery_channel: 'whatsapp',
      delivery_kind: 'reminder',
      failure_code: 'not_on_whatsapp',
    });
    expect((await runZap(w(), zapE, onWhatsApp)).stoppedAt).toBe(2);
    let instead: Outputs = {};
    const byEmail = await triggerRecord(w(), 'invoice_delivery_failed', async () => {
      instead = await runZap(w(), zapD, onWhatsApp);
    });
    expect(instead[3]).toMatchObject({
      channel: 'email',
      kind: 'reminder',
      status: 'failed',
      to: 'bounce.zap@example.com',
    });
    expect(byEmail).toMatchObject({ delivery_channel: 'email', failure_code: 'email_bounced' });
    expect((await runZap(w(), zapD, byEmail)).stoppedAt).toBe(2);
    expect((await runZap(w(), zapE, byEmail))[3]).toEqual({
      Channel: '#billing',
      'Message Text':
        `:warning: The reminder for invoice ${bounce.number} (₹1,500.00 due) did not reach ` +
        `bounce.zap@example.com by e-mail: ${byEmail.failure_message} Invoice: ${bounce.hosted_url}`,
    });
  });

  test("8 · a new invoice: the e-mail's attachment is the PDF file Download Invoice PDF answers", async () => {
    const steps = recipe('08-invoice-pdf-by-email');
    expect(steps.map((step) => step.kind)).toEqual(['trigger', 'create', 'action']);
    await w().api((c) => operations.createClient.request(c, { email: 'anita.zap@example.com', name: 'Anita Menon' }));
    let invoice: any;
    const created = await triggerRecord(w(), 'invoice_created', async () => {
      invoice = await w().api((c) =>
        operations.createInvoice.request(c, {
          client_email: 'anita.zap@example.com',
          currency: 'INR',
          items: [{ description: 'Website design', amount: 1250000 }],
        }),
      );
    });
    const outputs = await runZap(w(), steps, created);
    expect(outputs[2]).toMatchObject({ id: invoice.id, number: invoice.number, file_name: `${invoice.number}.pdf` });
    expect(outputs[3]).toEqual({
      To: 'anita.zap@example.com',
      Subject: `Invoice ${invoice.number}`,
      Body:
        `Hello, please find invoice ${invoice.number} attached: ₹12,500.00 to pay. ` +
        `You can also pay online: ${invoice.hosted_url} Thank you!`,
      'Reply To': 'billing@your-business.example',
      Attachment: outputs[2].file,
    });
    // What Zapier does with a mapped file: calls the hydrator the pointer names with the pointer's bundle, which
    // downloads the PDF and stashes it (z.stashFile needs Zapier's storage, so the download is checked here).
    const [, pointer] = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(outputs[3].Attachment)!;
    const { method, bundle } = JSON.parse(pointer);
    expect({ method, bundle }).toEqual({
      method: 'hydrators.hydrateInvoicePdf',
      bundle: { invoice_id: invoice.id, number: invoice.number },
    });
    const request = operations.downloadInvoicePdf.request(w().connection, { invoice_id: bundle.invoice_id });
    const reply = await fetch(request.url, { headers: request.headers });
    expect({
      status: reply.status,
      type: reply.headers.get('content-type'),
      body: reply.status === 200 ? '' : await reply.text(),
    }).toEqual({ status: 200, type: 'application/pdf', body: '' });
    expect(
      Buffer.from(await reply.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  test("9 · the 1st of a month: the previous month's GSTR-1, its figures in the e-mail and the file attached", async () => {
    const steps = recipe('09-monthly-gstr1-to-accountant');
    expect(steps.map((step) => step.kind)).toEqual(['trigger', 'formatter', 'create', 'action']);
    // A tax invoice this month, so the month the Zap asks for has something in it: to a registered client in
    // Karnataka, ₹10,000.00 at 18 % IGST = ₹1,800.00.
    await w().api((c) => operations.createClient.request(c, { email: 'ca.zap@example.com', gstin: '29AAGCB7383J1Z4' }));
    await w().api((c) =>
      operations.createInvoice.request(c, {
        client_email: 'ca.zap@example.com',
        currency: 'INR',
        items: [{ description: 'Consulting', amount: 1000000, hsn_sac: '998311', gst_rate: '18' }],
      }),
    );
    // Schedule by Zapier's run "tomorrow", whose day before is today: the period is this month.
    const today = todayIn(new Date());
    const outputs = await runZap(w(), steps, { date: addDays(today, 1) });
    const period = today.slice(0, 7);
    expect(outputs[2]).toEqual({ output: period });
    const service = await w().api((c) => operations.getGstr1.request(c, { period }));
    expect(outputs[3]).toMatchObject({
      id: service.id,
      period,
      b2b_invoices: service.summary.b2b_invoices,
      taxable_value: service.summary.taxable_value,
      file_name: service.file_name,
    });
    expect(service.summary.b2b_invoices).toBeGreaterThanOrEqual(1);
    expect(outputs[4]).toMatchObject({
      To: 'accountant@your-ca-firm.example',
      Subject: `GSTR-1 for ${period} (${service.gstin})`,
      Attachment: outputs[3].file,
    });
    expect(outputs[4].Body).toContain(`total taxable ${outputs[3].taxable_value_formatted}`);
    const [, pointer] = /^hydrate\|\|\|(.*)\|\|\|hydrate$/.exec(outputs[4].Attachment)!;
    const { method, bundle } = JSON.parse(pointer);
    expect({ method, bundle }).toEqual({ method: 'hydrators.hydrateGstr1', bundle: { period } });
  });
  test('10 · a returned line: one credit note (its GST reversed by hand), its total refunded by UPI, the invoice on WhatsApp; again: nothing', async () => {
    const steps = recipe('10-return-credit-note-refund');
    expect(steps.map((step) => `${step.kind} ${step.key ?? ''}`.trim())).toEqual([
      'trigger other',
      'search find_invoice',
      'create create_credit_note',
      'search find_payment',
      'create record_refund',
      'create send_invoice',
    ]);
    const email = 'priya.return@example.com';
    const { invoice, payment, shopReturn } = await paidOrderReturned((build) => w().api(build), email, 'RET-77');
    const first = await runZap(w(), steps, shopReturn);
    expect(first[3]).toMatchObject({ ...RETURNED_LINE_CREDIT, invoice_id: invoice.id, total_formatted: '₹838.96' });
    expect(first[4].id).toBe(payment.id);
    expect(first[5]).toMatchObject({ payment_id: payment.id, amount: 83896, method: 'upi', upi: { utr: REFUND_UTR } });
    expect(first[6]).toMatchObject({ channel: 'whatsapp', kind: 'invoice', status: 'sent', to: '+919845012345' });
    const again = await runZap(w(), steps, shopReturn);
    expect([3, 5, 6].map((step) => again[step].id)).toEqual([3, 5, 6].map((step) => first[step].id));
    const look = async () => ({
      invoice: await w().api((c) => operations.getInvoice.request(c, { invoice_id: invoice.id })),
      notes: (await w().api((c) => operations.listCreditNotes.request(c, { invoice_id: invoice.id }))).data.length,
      refunds: (await w().api((c) => operations.listRefunds.request(c, { invoice_id: invoice.id }))).data.length,
      sent: (await w().api((c) => operations.listEvents.request(c, { type: 'invoice.sent', limit: 100 }))).data.filter(
        (event: any) => event.data.invoice.id === invoice.id,
      ).length,
    });
    expect(await look()).toEqual({
      invoice: expect.objectContaining({ ...AFTER_THE_RETURN, status: 'paid' }),
      notes: 1,
      refunds: 1,
      sent: 1,
    });
  });

  test('11 · a shop product saved: one catalogue product by its SKU; saved again with a new price: the same one, updated', async () => {
    const steps = recipe('11-catalogue-sync');
    expect(steps.map((step) => step.kind)).toEqual(['trigger', 'search_or_create_update']);
    const saved = steps[0].sample as Record<string, unknown>;
    const first = await runZap(w(), steps, saved);
    expect(first[2]).toMatchObject({
      sku: 'SAREE-KANJI-RED',
      name: 'Kanjivaram saree, red',
      product_type: 'goods',
      unit_price: 849900,
      currency: 'INR',
    });
    const repriced = await runZap(w(), steps, { ...saved, name: 'Kanjivaram saree, ruby', regular_price: '8999.00' });
    expect(repriced[2]).toMatchObject({ id: first[2].id, name: 'Kanjivaram saree, ruby', unit_price: 899900 });
    expect((await runZap(w(), steps, saved))[2]).toMatchObject({ id: first[2].id, unit_price: 849900 });
    const bySku = await w().api((c) => operations.listProducts.request(c, { sku: 'SAREE-KANJI-RED' }));
    expect(bySku.data.map((product: { id: string }) => product.id)).toEqual([first[2].id]);
  });
}

/**
 * The example objects: what the ids in docs/openapi.json's examples name, so its requests (and the Postman
 * collection made from it) work unedited on a sandbox started with them (`npm start -- --examples`;
 * docs/api-contract.md, "Example objects"). Made through the domain, as the API would make them, in the
 * first account, once: a database that has them keeps them.
 */
import {
  clientCreateInputSchema,
  createInvoiceInputSchema,
  productCreateInputSchema,
  sampleClient,
  sampleCreditNote,
  sampleDebitNote,
  sampleEvents,
  sampleInvoice,
  samplePayment,
  sampleProduct,
  sampleRefund,
  sampleTaxInvoice,
  sampleWebhook,
  validateInput,
  webhookCreateInputSchema,
} from '../shared';
import { createClient } from './domain/clients';
import { type SandboxCore, contextFor } from './domain/context';
import { createInvoice } from './domain/invoices';
import { applyPayment } from './domain/invoicePayments';
import { applyRefund } from './domain/refunds';
import { issueNote } from './domain/notes';
import { createWebhook } from './domain/webhookSubscriptions';
import { createProduct } from './domain/products';
import { withIds } from './storage/ids';

/**
 * The id each path parameter's example names, and the event `recover`'s example starts after. A request
 * that deletes names an object of its own (`deleted`), so the requests after it still find theirs.
 */
export const EXAMPLE_IDS = {
  invoice_id: sampleInvoice.id,
  client_id: sampleClient.id,
  payment_id: samplePayment.id,
  refund_id: sampleRefund.id,
  webhook_id: sampleWebhook.id,
  event_id: sampleEvents.created.id,
  product_id: sampleProduct.id,
  credit_note_id: sampleCreditNote.id,
  debit_note_id: sampleDebitNote.id,
  deleted: { webhook_id: `${sampleWebhook.id}Del` },
  // Voiding ends an invoice as deleting ends a webhook; and the shared example invoice is part paid (refused).
  voided: { invoice_id: `${sampleInvoice.id}Void` },
  // Cancelling an e-invoice ends it too; the example account does not e-invoice, so this one was made as one that
  // does would make it (issue 41), with its IRN generated.
  einvoiced: { invoice_id: `${sampleInvoice.id}Einv` },
} as const;

const WEBHOOK_URL = 'https://hooks.example.com/invoicing';

export function seedExamples(core: SandboxCore): void {
  const account = core.data.accounts.first();
  const key = account && core.data.accounts.activeKeys(account.id)[0];
  if (!account || !key || core.data.invoices.get(EXAMPLE_IDS.invoice_id)) return;
  const ctx = contextFor(core, account, key.id);
  const { email, name, phone, company, address } = sampleClient;
  const ids = [
    EXAMPLE_IDS.client_id,
    sampleEvents.clientCreated.id,
    EXAMPLE_IDS.invoice_id,
    EXAMPLE_IDS.voided.invoice_id,
    EXAMPLE_IDS.einvoiced.invoice_id,
    EXAMPLE_IDS.event_id,
    EXAMPLE_IDS.payment_id,
    EXAMPLE_IDS.refund_id,
    EXAMPLE_IDS.credit_note_id,
    EXAMPLE_IDS.debit_note_id,
    EXAMPLE_IDS.webhook_id,
    EXAMPLE_IDS.deleted.webhook_id,
    EXAMPLE_IDS.product_id,
  ];
  ctx.data.store.transaction(() =>
    withIds(ids, () => {
      createClient(ctx, validateInput(clientCreateInputSchema, { email, name, phone, company, address }));
      const invoice = createInvoice(
        ctx,
        validateInput(createInvoiceInputSchema, {
          client_email: email,
          currency: sampleInvoice.currency,
          items: sampleInvoice.items,
          auto_send_whatsapp: true,
        }),
      );
      // A part payment, so the record-payment and pay examples (₹1,500.00 each) still find money owed.
      const { payment } = applyPayment(ctx, invoice, { ...samplePayment, amount: 250000 });
      // ₹500.00 of it back, so Get Refund's example names a refund and Record Refund's (₹1,500.00) still fits.
      applyRefund(ctx, payment, { ...sampleRefund, amount: 50000 });
      // A credit and a debit note on its first line, so Get Credit Note and Get Debit Note name one each.
      for (const [kind, note] of [
        ['credit', sampleCreditNote],
        ['debit', sampleDebitNote],
      ] as const) {
        const line = note.lines[0];
        const current = ctx.data.invoices.get(invoice.id) ?? invoice;
        issueNote(ctx, kind, current, { note_reason: note.note_reason, line: 1, taxable_amount: line.amount });
      }
      createInvoice(
        ctx,
        validateInput(createInvoiceInputSchema, {
          client_email: email,
          currency: sampleInvoice.currency,
          items: sampleInvoice.items,
          auto_send_whatsapp: false,
        }),
      );
      // Made through a context whose account e-invoices, so the stored account (every user's first) stays as it was.
      const einvoicing = contextFor(
        core,
        { ...account, einvoicing: { enabled: true, aato_band: 'up_to_10_crore' } },
        key.id,
      );
      // Reported only as B2B: to a client with a GSTIN (the example client has none, so its invoices are B2C).
      const registered = `accounts.${email}`;
      createClient(
        ctx,
        validateInput(clientCreateInputSchema, {
          email: registered,
          name,
          company,
          address,
          gstin: sampleClient.gstin,
        }),
      );
      createInvoice(
        einvoicing,
        validateInput(createInvoiceInputSchema, {
          client_email: registered,
          currency: sampleTaxInvoice.currency,
          // A B2B tax invoice's lines as typed (the client has a GSTIN): only such an invoice is reported.
          items: sampleTaxInvoice.items.map(({ description, quantity, unit, unit_price, hsn_sac, gst_rate }) => ({
            description,
            quantity,
            unit,
            unit_price,
            hsn_sac,
            gst_rate,
          })),
          auto_send_whatsapp: false,
        }),
      );
      // The catalogue's example (issue 42): its SKU is not the body example's, so Create Product meets no taken one.
      const {
        id: _id,
        object: _object,
        archived: _archived,
        created_at: _at,
        updated_at: _up,
        ...product
      } = sampleProduct;
      createProduct(ctx, validateInput(productCreateInputSchema, product));
      // Last, so no delivery is owed for the objects above.
      for (const description of ['Example subscription', 'Example subscription to delete']) {
        createWebhook(
          ctx,
          validateInput(webhookCreateInputSchema, { url: WEBHOOK_URL, events: sampleWebhook.events, description }),
        );
      }
    }),
  );
}

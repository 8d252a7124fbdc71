/**
 * Template 10's return: template 1's order (ORD-1042, its invoice worked by hand in orderProducts.ts) paid in full
 * by UPI, then its second line returned. One setting and one set of figures for the Zap recipe's case
 * (recipeCases.ts) and the n8n workflow's (templates.live.ts).
 */
import { operations, type HttpRequest } from '../../shared';
import { ORDER_1042_INVOICE, stockOrderProducts } from './orderProducts';

type Api = (build: (c: { apiKey: string; baseUrl: string }) => HttpRequest) => Promise<any>;

/** The 12-digit UTR of the UPI refund the shop's gateway made (the refund's own transaction, not the payment's). */
export const REFUND_UTR = '612345678901';

/**
 * The dupatta line returned whole (line 2, 1 of 1), worked by hand: its taxable ₹799.00 and its GST as the invoice
 * charged it, 2.5 % = ₹19.975 → ₹19.98 each of CGST and SGST (half up), so ₹838.96 is credited and refunded.
 * What remains paid: ₹3,776.86 − ₹838.96 = ₹2,937.90; nothing is owed.
 */
export const RETURNED_LINE_CREDIT = {
  object: 'credit_note',
  note_reason: 'sales_return',
  lines: [expectLine({ line: 2, description: 'Silk dupatta', quantity: 1, amount: 79900, cgst: 1998, sgst: 1998 })],
  taxable_value: 79900,
  cgst: 1998,
  sgst: 1998,
  igst: 0,
  total_tax: 3996,
  total: 83896,
};

function expectLine(line: Record<string, unknown>) {
  return expect.objectContaining({ ...line, igst: 0, tax: 3996, total: 83896 });
}

/** The invoice after the credit note and the refund, as the workflow and the Zap must leave it. */
export const AFTER_THE_RETURN = {
  amount_due: ORDER_1042_INVOICE.amount_due,
  amount_credited: 83896,
  amount_refunded: 83896,
  amount_paid: 293790,
  amount_remaining: 0,
};

/**
 * What template 1 leaves (the customer with their WhatsApp number, the order's invoice) and then the customer
 * pays it in full by UPI; answers the invoice, the UPI payment and the shop's return of line 2.
 */
export async function paidOrderReturned(api: Api, email: string, returnId: string) {
  await stockOrderProducts(api);
  await api((c) => operations.createClient.request(c, { email, name: 'Priya Nair', phone: '+919845012345' }));
  const invoice = await api((c) =>
    operations.createInvoice.request(c, {
      client_email: email,
      currency: 'INR',
      items: ORDER_1042_INVOICE.items.map(({ sku, quantity, unit_price }) => ({ sku, quantity, unit_price })),
    } as never),
  );
  expect(invoice).toMatchObject({ amount_due: ORDER_1042_INVOICE.amount_due });
  const paid = await api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: undefined }));
  const payment = paid.data.payment as { id: string; upi: { utr: string } };
  const shopReturn = {
    return_id: returnId,
    order_id: 'ORD-1042',
    invoice_number: invoice.number as string,
    line: 2,
    quantity: 1,
    payment_utr: payment.upi.utr,
    refund_utr: REFUND_UTR,
  };
  return { invoice, payment, shopReturn };
}

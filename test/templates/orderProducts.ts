/**
 * Template 1's catalogue (issue 42): the two products its sample order names by SKU, and the invoice that order
 * must become, worked by hand, for the Zap recipe's case (recipeCases.ts) and the n8n workflow's (templates.live.ts).
 */
import { operations, type HttpRequest } from '../../shared';

type Api = (build: (c: { apiKey: string; baseUrl: string }) => HttpRequest) => Promise<unknown>;

/** The catalogue's price for the kurta is ₹1,499.00; the order sells it at ₹1,399.00, and the order's price wins. */
const PRODUCTS = [
  { name: 'Kurta, indigo, M', sku: 'KURTA-INDIGO-M', hsn_sac: '6211', unit_price: 149900 },
  { name: 'Silk dupatta', sku: 'DUPATTA-SILK', hsn_sac: '6214', unit_price: 79900 },
];

/** Both products in the account (already there is fine: a SKU names one product for good). */
export async function stockOrderProducts(api: Api): Promise<void> {
  for (const product of PRODUCTS) {
    const found = (await api((c) => operations.listProducts.request(c, { sku: product.sku, limit: 1 }))) as {
      data: unknown[];
    };
    if (found.data.length) continue;
    await api((c) =>
      operations.createProduct.request(c, {
        ...product,
        product_type: 'goods',
        gst_rate: '5',
        unit: 'NOS',
        currency: 'INR',
      }),
    );
  }
}

/*
 * Worked by hand, within Maharashtra (the sandbox supplier's state, a client without a GSTIN), 5 % each line:
 *   Kurta   2 × ₹1,399.00 (the order's price) = ₹2,798.00: CGST = SGST = 2.5 % = ₹69.95
 *   Dupatta 1 × ₹799.00                       =   ₹799.00: 2.5 % = ₹19.975 → ₹19.98 each (half up)
 *   taxable ₹3,597.00, GST ₹139.90 + ₹39.96 = ₹179.86, due ₹3,776.86.
 */
export const ORDER_1042_INVOICE = {
  client_email: 'priya.order@example.com',
  currency: 'INR',
  amount_due: 377686,
  whatsapp: { status: 'sent' },
  items: [
    {
      sku: 'KURTA-INDIGO-M',
      description: 'Kurta, indigo, M',
      quantity: 2,
      unit_price: 139900,
      amount: 279800,
      tax: 13990,
    },
    { sku: 'DUPATTA-SILK', description: 'Silk dupatta', quantity: 1, unit_price: 79900, amount: 79900, tax: 3996 },
  ],
  tax: { taxable_value: 359700, total_tax: 17986, total: 377686 },
};

/**
 * `products`: the catalogue (issue 42) on the running sandbox, listed as the pickers show it, or a product
 * added, through the same shared operations as the connectors: a price is typed as on a price tag, and a
 * service with an HSN code is refused naming the field before any request.
 */
import {
  type Connection,
  type HttpRequest,
  type RawResponse,
  operations,
  productChoice,
  productChoices,
} from '../../shared';

export const PRODUCTS_USAGE = [
  '       npm start -- products [--search <words>]   the catalogue (name · SKU · price · GST rate), newest first',
  '       npm start -- products add --name <name> --sku <SKU> --type goods|service --price <e.g. 1,250.50>',
  '                            [--currency INR] [--hsn <HSN or SAC>] [--rate <e.g. 18>] [--unit <e.g. NOS>]',
].join('\n');

/** The flags of `products add`, each the product field it gives. */
export const PRODUCT_FLAGS = {
  name: 'name',
  sku: 'sku',
  type: 'product_type',
  price: 'unit_price',
  currency: 'currency',
  hsn: 'hsn_sac',
  rate: 'gst_rate',
  unit: 'unit',
} as const;

type Values = Record<string, string | boolean | string[] | undefined>;

export async function productsCommand(
  argument: string | undefined,
  values: Values,
  out: (line: string) => void,
  c: Connection,
  send: (request: HttpRequest) => Promise<RawResponse>,
): Promise<void> {
  if (argument === 'add') {
    const given = Object.entries(PRODUCT_FLAGS).flatMap(([flag, key]) =>
      values[flag] === undefined ? [] : [[key, values[flag]]],
    );
    const product = await operations.createProduct.run(c, { currency: 'INR', ...Object.fromEntries(given) }, send);
    out(`Added ${product.id}: ${productChoice(product).label}`);
    return;
  }
  if (argument) throw new Error(`products takes "add" or flags only, not "${argument}".`);
  const page = await productChoices(c, send, { search: values.search as string | undefined });
  if (!page.choices.length) out('No products yet: npm start -- products add --name … --sku … --type … --price …');
  for (const choice of page.choices) out(`${choice.value}  ${choice.label}`);
  if (page.next) out('… and more: narrow it with --search');
}

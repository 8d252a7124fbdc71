/**
 * What the service does with a line's price and GST (contract: "Quantity, unit and unit price", "Place of
 * supply and supply type", "GST computation and rounding"): the line amount from quantity × unit price,
 * then, on a tax invoice, the supply type from the supplier's and the place of supply's states and each
 * line's tax heads. The arithmetic itself is shared/gst/tax.ts.
 */
import {
  type Account,
  type Client,
  type CreateInvoiceInput,
  type Invoice,
  MAX_AMOUNT,
  gstState,
  lineAmount,
  lineTax,
  readGstin,
  readPlaceOfSupply,
  taxTotals,
  type SupplyType,
} from '../../shared';
import { Problem } from './problems';

type InputLine = CreateInvoiceInput['items'][number];

/** A line as the invoice keeps it: its amount computed when it came with a unit price. */
function pricedLine(line: InputLine, index: number): Invoice['items'][number] {
  const { description, amount, quantity, unit, unit_price, hsn_sac, gst_rate, product_id, sku } = line as InputLine &
    Record<string, never>;
  const particulars = {
    ...(unit ? { unit } : {}),
    ...(hsn_sac ? { hsn_sac } : {}),
    ...(gst_rate ? { gst_rate } : {}),
    // The product a line was filled from (issue 42), beside what it was issued with.
    ...(product_id ? { product_id, sku } : {}),
  };
  if (unit_price === undefined)
    return { description, amount: amount as number, ...(quantity === undefined ? {} : { quantity }), ...particulars };
  const count = quantity ?? 1;
  const computed = lineAmount(Math.round(count * 1000), unit_price);
  if (computed > MAX_AMOUNT) {
    throw new Problem(422, 'validation_error', 'A line amount would exceed the maximum.', [
      {
        param: `items[${index}].unit_price`,
        message: `Item ${index + 1}: quantity × unit price must be at most ${MAX_AMOUNT} minor units`,
      },
    ]);
  }
  return { description, amount: computed, quantity: count, unit_price, ...particulars };
}

/**
 * The place of supply: the invoice's, else the client's (its GSTIN's state unless set), else for B2C the state
 * of the client's Indian address, else the supplier's own (IGST Act s.10(1)(a), s.12(2)).
 */
function placeOfSupply(input: CreateInvoiceInput, client: Client, supplierState: string): string {
  const given = input.place_of_supply ?? client.place_of_supply;
  if (given) return given;
  const address = client.address;
  const fromAddress =
    address && address.country === 'IN' && address.state ? readPlaceOfSupply(address.state) : undefined;
  return fromAddress?.code ?? supplierState;
}

/** The invoice's lines, and its `tax` when it is a tax invoice (any line with a GST rate). */
export function invoiceLines(
  ctx: { account: Account },
  input: CreateInvoiceInput,
  client: Client,
): Pick<Invoice, 'items' | 'tax'> {
  const items = input.items.map(pricedLine);
  if (!items.some((line) => line.gst_rate)) return { items };
  const supplier = ctx.account.gstin ? readGstin(ctx.account.gstin) : undefined;
  if (!supplier?.ok) {
    throw new Problem(
      422,
      'gstin_missing',
      "A tax invoice needs the supplier's GSTIN, and this account has none. " +
        'Add it to the account, or leave the GST rates out for an invoice without GST.',
    );
  }
  const place = placeOfSupply(input, client, supplier.state.code);
  const state = gstState(place);
  const supply: SupplyType = place === supplier.state.code ? 'intra_state' : 'inter_state';
  const taxed = items.map((line) => ({
    ...line,
    ...lineTax(line.amount, line.gst_rate as string, supply, state?.ut === true),
  }));
  return {
    items: taxed,
    tax: {
      supplier_gstin: supplier.gstin,
      supplier_state: supplier.state.code,
      client_gstin: client.gstin ?? null,
      place_of_supply: place,
      place_of_supply_name: state?.name ?? place,
      supply_type: supply,
      ...taxTotals(taxed),
    },
  };
}

/** A client's place of supply, when not given: its GSTIN's state. */
export function withPlaceOfSupply<T extends { gstin?: string | null; place_of_supply?: string | null }>(client: T): T {
  if (!client.gstin || client.place_of_supply) return client;
  return { ...client, place_of_supply: client.gstin.slice(0, 2) };
}

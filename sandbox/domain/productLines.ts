/**
 * A line from a product (contract: "A line from a product"): the service reads the product a line names by
 * ID or SKU and fills what the line left out; the line's own price, quantity, description and unit win, a
 * different GST rate or HSN/SAC is refused (the law's classification, not the order's). The invoice keeps
 * the filled values, so a later change of the product reaches no invoice already issued.
 */
import { type CreateInvoiceInput, type Product, fieldLabel } from '../../shared';
import type { Context } from './context';
import { type FieldProblem, Problem } from './problems';
import { productBySku } from './products';

type Line = CreateInvoiceInput['items'][number] & { product_id?: string; sku?: string };

/** What a line takes from its product, and whether the line may say otherwise. */
const FILLED = ['description', 'unit', 'unit_price', 'hsn_sac', 'gst_rate'] as const;
const THE_LAWS = new Set<string>(['hsn_sac', 'gst_rate']);

interface Found {
  line: Line;
  problems: FieldProblem[];
  conflicts: FieldProblem[];
}

function fillLine(ctx: Context, line: Line, index: number, currency: string): Found {
  const place = `Item ${index + 1}`;
  const key = line.product_id ? 'product_id' : 'sku';
  const given = String(line[key]);
  const product: Product | undefined = line.product_id
    ? ctx.data.products.get(line.product_id)
    : productBySku(ctx, given);
  const problem = (message: string): Found => ({
    line,
    problems: [{ param: `items[${index}].${key}`, message: `${place}: ${fieldLabel(key)} ${given} ${message}` }],
    conflicts: [],
  });
  if (!product) return problem('names no product of this account; pick one from the catalogue or create it first');
  if (product.archived) return problem(`is archived (${product.name}); restore it or pick another product`);
  if (product.currency !== currency) {
    return problem(
      `is priced in ${product.currency}, but the invoice is in ${currency}; pick a product in ${currency}`,
    );
  }
  const conflicts = [...THE_LAWS]
    .filter((field) => {
      const own = (line as Record<string, unknown>)[field];
      return own !== undefined && product[field] && own !== product[field];
    })
    .map((field) => ({
      param: `items[${index}].${field}`,
      message:
        `${place}: ${fieldLabel(field)} ${String((line as Record<string, unknown>)[field])} differs from ` +
        `${String(product[field])} of product ${product.sku} (${product.id}); leave it empty to take the ` +
        "product's, or change the product",
    }));
  const filled = Object.fromEntries(
    FILLED.map((field) => [field, (line as Record<string, unknown>)[field] ?? product[field] ?? undefined]),
  );
  filled.description ??= product.name;
  const { product_id: _id, sku: _sku, ...own } = line;
  const withValues = Object.fromEntries(Object.entries({ ...own, ...filled }).filter(([, v]) => v !== undefined));
  return {
    line: { ...withValues, product_id: product.id, sku: product.sku } as Line,
    problems: [],
    conflicts,
  };
}

/** Once filled, a tax invoice has a rate on every line (contract: "GST computation and rounding"). */
function everyLineRated(items: Line[]): FieldProblem[] {
  if (!items.some((line) => line.gst_rate)) return [];
  return items.flatMap((line, index) =>
    line.gst_rate
      ? []
      : [
          {
            param: `items[${index}].gst_rate`,
            message:
              `Item ${index + 1}: ${fieldLabel('gst_rate')} is required once any line has a GST rate ` +
              '(a product gave one): choose one, or Non-GST for a line outside GST',
          },
        ],
  );
}

/** The input with every product's line filled, or the 422 naming each line that could not be. */
export function fillFromProducts(ctx: Context, input: CreateInvoiceInput): CreateInvoiceInput {
  const lines = input.items as Line[];
  if (!lines.some((line) => line.product_id || line.sku)) return input;
  const found = lines.map((line, index) =>
    line.product_id || line.sku ? fillLine(ctx, line, index, input.currency) : { line, problems: [], conflicts: [] },
  );
  const conflicts = found.flatMap((entry) => entry.conflicts);
  if (conflicts.length) {
    throw new Problem(
      422,
      'product_conflict',
      'A line gives a GST rate or HSN/SAC that differs from its product: ' + conflicts[0].message,
      conflicts,
    );
  }
  const problems = found.flatMap((entry) => entry.problems);
  const items = found.map((entry) => entry.line);
  const all = [...problems, ...(problems.length ? [] : everyLineRated(items))];
  if (all.length) throw new Problem(422, 'validation_failed', all.map((entry) => entry.message).join('; '), all);
  return { ...input, items: items as CreateInvoiceInput['items'] };
}

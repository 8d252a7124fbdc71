import { createInvoiceInputSchema, listInvoicesQuerySchema, operations, validateInput } from '../../shared';
import { todayFor } from '../domain/clock';
import { createInvoice, invoiceOr404 } from '../domain/invoices';
import { standing } from '../domain/invoiceStanding';
import { dueWhere } from '../storage/dueFilters';
import type { Router } from './router';
import { listPage } from './listPage';
import { containsWords, docField } from '../storage/documentFilters';

export function invoiceRoutes(router: Router): void {
  const { createInvoice: create, getInvoice, listInvoices } = operations;
  router
    .on(create.method, create.route, (req, ctx) => ({
      status: 201,
      body: createInvoice(ctx, validateInput(createInvoiceInputSchema, req.body)),
    }))
    .on(getInvoice.method, getInvoice.route, (req, ctx) => ({
      status: 200,
      body: standing(ctx, invoiceOr404(ctx, req.params.invoice_id)),
    }))
    .on(listInvoices.method, listInvoices.route, (req, ctx) => {
      const query = validateInput(listInvoicesQuerySchema, req.query);
      const where = {
        status: query.status,
        client_email: query.client_email?.toLowerCase(),
        number: query.number,
        [docField('amount_remaining', '>')]: query.owed ? 0 : undefined,
        [docField('tax.client_gstin')]: query.client_gstin,
        ...containsWords(['number', 'client_email'], query.search),
        ...dueWhere(query, todayFor(ctx)),
      };
      return { status: 200, body: listPage(ctx.data.invoices, query, where, (i) => standing(ctx, i)) };
    });
}

/**
 * E-invoicing (docs/api-contract.md, "E-invoicing (issue 41)"): cancel an IRN, validate an invoice as the IRP
 * would, the IRP's public key, and the planted IRP failure.
 */
import { cancelEInvoiceInputSchema, operations, simulateEInvoiceFailureInputSchema, validateInput } from '../../shared';
import type { Context } from '../domain/context';
import { cancelEInvoice, plantIrpFailure, validateEInvoice } from '../domain/einvoicing';
import { invoiceOr404 } from '../domain/invoices';
import { standing } from '../domain/invoiceStanding';
import { irpPublicKey } from '../domain/irpKey';
import type { Router } from './router';

const inTransaction = <T>(ctx: Context, work: () => T): T => ctx.data.store.transaction(work);

export function einvoiceRoutes(router: Router): void {
  const { cancelEInvoice: cancel, validateEInvoice: validate, getIrpPublicKey, simulateEInvoiceFailure } = operations;
  router
    .on(cancel.method, cancel.route, (req, ctx) => {
      const input = validateInput(cancelEInvoiceInputSchema, req.body ?? {});
      return {
        status: 200,
        body: inTransaction(ctx, () =>
          standing(
            ctx,
            cancelEInvoice(
              ctx,
              invoiceOr404(ctx, req.params.invoice_id),
              input.cancel_reason,
              input.cancel_remark ?? undefined,
            ),
          ),
        ),
      };
    })
    .on(validate.method, validate.route, (req, ctx) => ({
      status: 200,
      body: validateEInvoice(ctx, invoiceOr404(ctx, req.params.invoice_id)),
    }))
    .on(getIrpPublicKey.method, getIrpPublicKey.route, (_req, ctx) => ({
      status: 200,
      body: inTransaction(ctx, () => irpPublicKey(ctx.data.store)),
    }))
    .on(simulateEInvoiceFailure.method, simulateEInvoiceFailure.route, (req, ctx) => {
      const input = validateInput(simulateEInvoiceFailureInputSchema, req.body ?? {});
      plantIrpFailure(ctx, input.error_code);
      return { status: 200, body: { object: 'planted_irp_failure', error_code: input.error_code } };
    });
}

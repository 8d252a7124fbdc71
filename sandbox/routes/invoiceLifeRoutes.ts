/**
 * The invoice after it is created (docs/api-contract.md, issue 29): send and resend, void, the PDF, and
 * the sandbox's helpers for them (the clock, an invoice made overdue, a planted delivery failure).
 */
import {
  advanceClockInputSchema,
  operations,
  pdfFileName,
  PDF_MEDIA_TYPE,
  sendInvoiceInputSchema,
  simulateDeliveryFailureInputSchema,
  simulateOverdueInputSchema,
  validateInput,
} from '../../shared';
import { clockAnswer, moveClock } from '../domain/clock';
import type { Context } from '../domain/context';
import { invoicePdf } from '../domain/invoicePdf';
import { invoiceOr404 } from '../domain/invoices';
import { plantFailure, sendInvoice } from '../domain/invoiceSending';
import { standing } from '../domain/invoiceStanding';
import { invoiceParties } from '../domain/invoiceParties';
import { voidInvoice } from '../domain/invoiceVoiding';
import { makeOverdue, sweepOverdue } from '../domain/overdue';
import type { Router } from './router';

const HOUR_MS = 60 * 60 * 1000;
const inTransaction = <T>(ctx: Context, work: () => T): T => ctx.data.store.transaction(work);

export function invoiceLifeRoutes(router: Router): void {
  const {
    sendInvoice: send,
    voidInvoice: cancel,
    downloadInvoicePdf: pdf,
    getClock,
    advanceClock,
    simulateOverdue,
    simulateDeliveryFailure,
  } = operations;
  router
    .on(send.method, send.route, (req, ctx) => {
      const input = validateInput(sendInvoiceInputSchema, req.body ?? {});
      return {
        status: 202,
        body: inTransaction(ctx, () =>
          sendInvoice(ctx, invoiceOr404(ctx, req.params.invoice_id), input.channel, input.kind),
        ),
      };
    })
    .on(cancel.method, cancel.route, (req, ctx) => ({
      status: 200,
      body: inTransaction(ctx, () => voidInvoice(ctx, invoiceOr404(ctx, req.params.invoice_id))),
    }))
    .on(pdf.method, pdf.route, (req, ctx) => {
      const stored = invoiceOr404(ctx, req.params.invoice_id);
      const invoice = standing(ctx, stored);
      const parties = invoiceParties(stored, ctx.account, ctx.data.clients.get(stored.client_id));
      return {
        status: 200,
        headers: {
          'content-type': PDF_MEDIA_TYPE,
          'content-disposition': `attachment; filename="${pdfFileName(invoice.number)}"`,
        },
        body: invoicePdf(invoice, parties),
      };
    })
    .on(getClock.method, getClock.route, (_req, ctx) => ({ status: 200, body: clockAnswer(ctx) }))
    .on(advanceClock.method, advanceClock.route, (req, ctx) => {
      const input = validateInput(advanceClockInputSchema, req.body ?? {});
      return {
        status: 200,
        body: inTransaction(ctx, () => {
          moveClock(ctx, ((input.days ?? 0) * 24 + (input.hours ?? 0)) * HOUR_MS);
          sweepOverdue(ctx);
          return clockAnswer(ctx);
        }),
      };
    })
    .on(simulateOverdue.method, simulateOverdue.route, (req, ctx) => {
      const input = validateInput(simulateOverdueInputSchema, req.body ?? {});
      return {
        status: 200,
        body: inTransaction(ctx, () => makeOverdue(ctx, invoiceOr404(ctx, req.params.invoice_id), input.days ?? 1)),
      };
    })
    .on(simulateDeliveryFailure.method, simulateDeliveryFailure.route, (req, ctx) => {
      const input = validateInput(simulateDeliveryFailureInputSchema, req.body ?? {});
      plantFailure(ctx, input.channel, input.failure_code);
      return {
        status: 200,
        body: { object: 'planted_failure', channel: input.channel, failure_code: input.failure_code },
      };
    });
}

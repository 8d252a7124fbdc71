/**
 * The CLI's commands for what happens after an invoice is created (issue 29): move an invoice past its due
 * date, plant a delivery failure, read or advance the account's clock, send, void and refund; and the supplier's GSTIN
 * and address (./accountCommand.ts). Each is one request
 * to the running sandbox, through the same shared operations as the connectors.
 */
import {
  DELIVERY_FAILURES,
  DELIVERY_FAILURE_CODES,
  type Connection,
  type HttpRequest,
  type RawResponse,
  expectOk,
  formatMinor,
  invoiceIdSchema,
  listAll,
  operations,
  validateInput,
} from '../../shared';
import { correctionRows } from '../domain/corrections';
import { accountCommand } from './accountCommand';
import { productsCommand } from './productsCommand';

export const LIFE_COMMANDS = [
  'overdue',
  'fail-next',
  'clock',
  'send',
  'void',
  'refund',
  'notes',
  'account',
  'products',
] as const;

export const LIFE_USAGE = `       npm start -- overdue <invoice_id> [--days <n, default 1>]
                                   move it past its due date (invoice.overdue)
       npm start -- fail-next <${DELIVERY_FAILURE_CODES.join('|')}>   the next send on that channel fails so
       npm start -- clock [advance --days <n> --hours <n>]     read or move the account's clock forward
       npm start -- send <invoice_id> [--channel whatsapp|email]   send (again) · npm start -- void <invoice_id>
       npm start -- refund <payment_id> --amount <minor units> [--utr <12 digits>]   cash back, or UPI with --utr
       npm start -- notes <invoice_id>   its credit notes, debit notes and refunds`;

export class LifeUsageError extends Error {}

type Values = Record<string, string | boolean | string[] | undefined>;
const str = (values: Values, name: string) => values[name] as string | undefined;
/** A count flag as the wire takes it, a JSON number ("What the wire reads"); other text as typed, for the 422. */
const count = (values: Values, name: string) => {
  const text = str(values, name)?.trim();
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : text;
};
const invoiceOf = (command: string, argument: string | undefined) => {
  if (!argument) throw new LifeUsageError(`${command} needs the ID of an invoice, e.g. npm start -- ${command} inv_…`);
  return validateInput(invoiceIdSchema, argument);
};

export async function lifeCommand(
  command: string,
  argument: string | undefined,
  values: Values,
  out: (line: string) => void,
  c: Connection,
  send: (request: HttpRequest) => Promise<RawResponse>,
): Promise<void> {
  if (command === 'products') return productsCommand(argument, values, out, c, send);
  if (command === 'account') {
    if (argument) throw new LifeUsageError(`account takes flags only (--gstin, --line1, …), not "${argument}".`);
    return accountCommand(values, out, c, send);
  }
  if (command === 'notes') return notesCommand(invoiceOf(command, argument), out, c, send);
  let request: HttpRequest;
  if (command === 'overdue') {
    request = operations.simulateOverdue.request(c, {
      invoice_id: invoiceOf(command, argument),
      ...(str(values, 'days') ? { days: count(values, 'days') } : {}),
    } as never);
  } else if (command === 'fail-next') {
    const code = argument as keyof typeof DELIVERY_FAILURES | undefined;
    if (!code || !(code in DELIVERY_FAILURES))
      throw new LifeUsageError(`fail-next needs a failure code: ${DELIVERY_FAILURE_CODES.join(', ')}.`);
    request = operations.simulateDeliveryFailure.request(c, {
      channel: DELIVERY_FAILURES[code].channel,
      failure_code: code,
    });
  } else if (command === 'clock') {
    if (argument && argument !== 'advance')
      throw new LifeUsageError('clock takes nothing (read it) or advance --days <n> --hours <n>.');
    request = argument
      ? operations.advanceClock.request(c, { days: count(values, 'days'), hours: count(values, 'hours') } as never)
      : operations.getClock.request(c, {});
  } else if (command === 'send') {
    request = operations.sendInvoice.request(c, {
      invoice_id: invoiceOf(command, argument),
      channel: (str(values, 'channel') ?? 'whatsapp') as never,
    });
  } else if (command === 'refund') {
    if (!argument)
      throw new LifeUsageError('refund needs the ID of a payment, e.g. npm start -- refund pay_… --amount 500');
    const utr = str(values, 'utr');
    // Through the operation's own run, so a refusal names the field as the connectors do, before any request.
    const refund = await operations.recordRefund.run(
      c,
      { payment_id: argument, amount: str(values, 'amount'), amount_unit: 'minor', method: utr ? 'upi' : 'cash', utr },
      send,
    );
    out(JSON.stringify(refund, null, 2));
    return;
  } else {
    request = operations.voidInvoice.request(c, { invoice_id: invoiceOf(command, argument) });
  }
  out(JSON.stringify(expectOk(await send(request)), null, 2));
}

/** An invoice's notes and refunds, a line each, as the hosted page lists them (domain/corrections.ts). */
async function notesCommand(
  invoiceId: string,
  out: (line: string) => void,
  c: Connection,
  send: (request: HttpRequest) => Promise<RawResponse>,
): Promise<void> {
  const invoice = await operations.getInvoice.run(c, { invoice_id: invoiceId }, send);
  const of = { invoice_id: invoiceId };
  const [creditNotes, debitNotes, refunds] = await Promise.all([
    listAll(operations.listCreditNotes, c, of, send),
    listAll(operations.listDebitNotes, c, of, send),
    listAll(operations.listRefunds, c, of, send),
  ]);
  const rows = correctionRows({
    creditNotes: creditNotes.reverse(),
    debitNotes: debitNotes.reverse(),
    refunds: refunds.reverse(),
  });
  if (!rows.length) out(`${invoice.number} has no credit notes, debit notes or refunds.`);
  for (const row of rows) {
    const amount = formatMinor(row.amount, invoice.currency);
    out(`${row.date}  ${row.document.padEnd(11)}  ${row.number.padEnd(24)}  ${amount.padStart(12)}  ${row.detail}`);
  }
}

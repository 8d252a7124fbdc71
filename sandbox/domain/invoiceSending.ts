/**
 * Sending an invoice or a reminder (docs/api-contract.md, "Sending and resending"). Delivery is simulated:
 * the outcome is decided at once and recorded as invoice.sent or invoice.delivery_failed, in the caller's
 * transaction. Failures come from the client's data (no phone), a planted failure
 * (POST /v1/test_helpers/deliveries/fail_next) or the sandbox's test numbers and addresses below.
 */
import {
  DELIVERY_FAILURES,
  type Client,
  type Delivery,
  type DeliveryChannel,
  type DeliveryFailure,
  type DeliveryKind,
  type Invoice,
  VOID,
} from '../../shared';
import { newId } from '../storage/ids';
import { isoNowFor } from './clock';
import type { Context } from './context';
import { recordInvoiceEvent } from './eventLog';
import { standing } from './invoiceStanding';
import { Problem } from './problems';

/** Like test card numbers: a client phone ending in one of these fails on WhatsApp with that reason. */
export const FAILING_PHONE_ENDINGS: Readonly<Record<string, DeliveryFailure>> = {
  '0000000001': 'not_on_whatsapp',
  '0000000002': 'template_rejected',
  '0000000003': 'no_credits',
  '0000000004': 'invalid_phone_number',
};
/** A client e-mail starting `bounce` (bounce@example.com) bounces. */
export const BOUNCING_EMAIL = /^bounce[^@]*@/i;

const plantedKey = (accountId: string, channel: string) => `fail_next:${accountId}:${channel}`;

export function plantFailure(ctx: Context, channel: DeliveryChannel, code: DeliveryFailure): void {
  if (DELIVERY_FAILURES[code].channel !== channel) {
    const message = `failure_code ${code} happens on ${DELIVERY_FAILURES[code].channel}, not ${channel}`;
    throw new Problem(422, 'validation_failed', message, [{ param: 'failure_code', message }]);
  }
  ctx.data.store.setMeta(plantedKey(ctx.account.id, channel), code);
}

function takePlanted(ctx: Context, channel: DeliveryChannel): DeliveryFailure | undefined {
  const key = plantedKey(ctx.account.id, channel);
  const planted = ctx.data.store.meta(key, () => '');
  if (!planted) return undefined;
  ctx.data.store.setMeta(key, '');
  return planted as DeliveryFailure;
}

function failureFor(ctx: Context, channel: DeliveryChannel, client: Client): DeliveryFailure | undefined {
  const planted = takePlanted(ctx, channel);
  if (planted) return planted;
  if (channel === 'email') return BOUNCING_EMAIL.test(client.email) ? 'email_bounced' : undefined;
  if (!client.phone) return 'client_phone_missing';
  return Object.entries(FAILING_PHONE_ENDINGS).find(([ending]) => client.phone!.endsWith(ending))?.[1];
}

/** The refusals before anything is sent: a void invoice, a reminder with nothing owed. */
function refuse(invoice: Invoice, kind: DeliveryKind): void {
  if (invoice.status === VOID) {
    throw new Problem(409, 'invoice_void', `Invoice ${invoice.number} is void, so it cannot be sent or reminded of.`);
  }
  if (kind === 'reminder' && invoice.amount_remaining <= 0) {
    throw new Problem(
      409,
      'invoice_paid',
      `Invoice ${invoice.number} has nothing left to pay, so there is nothing to remind the client of.`,
    );
  }
}

/** Sends `invoice` on `channel` and records the outcome's event; answers the delivery. */
export function sendInvoice(ctx: Context, invoice: Invoice, channel: DeliveryChannel, kind: DeliveryKind): Delivery {
  refuse(invoice, kind);
  const client = ctx.data.clients.get(invoice.client_id);
  if (!client) throw new Problem(409, 'client_missing', `The client of ${invoice.number} no longer exists.`);
  const failure = failureFor(ctx, channel, client);
  const to = channel === 'email' ? client.email : (client.phone ?? null);
  const delivery: Delivery = {
    id: newId('dlv'),
    object: 'delivery',
    invoice_id: invoice.id,
    channel,
    kind,
    to,
    status: failure ? 'failed' : 'sent',
    ...(failure ? { failure_code: failure, failure_message: DELIVERY_FAILURES[failure].message } : {}),
    created_at: isoNowFor(ctx),
  };
  recordInvoiceEvent(ctx, failure ? 'invoice.delivery_failed' : 'invoice.sent', standing(ctx, invoice), { delivery });
  return delivery;
}

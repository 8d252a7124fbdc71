/**
 * One function per resource and operation: read this item's parameters into the raw input shared/
 * expects, run the shared operation, hand back what the item outputs. Validation, requests, paging and
 * messages all happen in shared/.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
  FIELDS,
  clientInputFromFields,
  deriveIdempotencyKey,
  isBlank,
  listAll,
  operations,
  runOperation,
  upsertClientByEmail,
  type Connection,
  type Send,
} from '../../lib/core';

export type Action = (context: IExecuteFunctions, itemIndex: number, connection: Connection, send: Send) =>
  Promise<object | object[]>;

/**
 * n8n's own check of a read value only acts on properties with a `validateType` or a resource mapper;
 * ours have neither (a test holds that), shared/ validates every field, and the check's property lookup
 * cost about 2 µs a read.
 */
export const param = (context: IExecuteFunctions, name: string, itemIndex: number, fallback?: unknown) =>
  context.getNodeParameter(name, itemIndex, fallback, { skipValidation: true }) as unknown;

const { invoice, item, client, list } = FIELDS;

/** Line items from the fixed collection, or from one JSON array (typed in, or mapped by an expression). */
function lineItems(context: IExecuteFunctions, itemIndex: number): unknown {
  if (param(context, 'itemsInput', itemIndex) === 'json') {
    const value = param(context, 'itemsJson', itemIndex);
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  const entries = (param(context, `${invoice.items.key}.item`, itemIndex, []) as IDataObject[]) ?? [];
  return entries.map((entry) => ({ description: entry[item.description.key], amount: entry[item.amount.key] }));
}

/**
 * The key the service deduplicates on. Without one from the user it comes from the n8n instance, the
 * execution, the node and the item: Retry On Fail (same execution) can never create the same invoice
 * twice, and execution 1 of another n8n (a copied workflow, a reset database) is not mistaken for ours.
 */
function idempotencyKey(context: IExecuteFunctions, itemIndex: number): unknown {
  const given = param(context, `options.${invoice.idempotencyKey.key}`, itemIndex, '');
  if (!isBlank(given)) return given;
  return deriveIdempotencyKey([...attemptOf(context), itemIndex]);
}

// One context per run of the node (a retry gets a new one with the same ids). The node's id comes from
// the execute data, which n8n hands over as is; getNode() deep-copies the node with all its parameters.
const attempts = new WeakMap<IExecuteFunctions, [string, string, string]>();
function attemptOf(context: IExecuteFunctions): [string, string, string] {
  let attempt = attempts.get(context);
  if (!attempt) {
    attempt = [context.getInstanceId(), context.getExecutionId(), context.getExecuteData()?.node?.id ?? context.getNode().id];
    attempts.set(context, attempt);
  }
  return attempt;
}

/** Return All pages through everything; otherwise stop at Limit. */
function listing(context: IExecuteFunctions, itemIndex: number) {
  const returnAll = param(context, 'returnAll', itemIndex, false) === true;
  const max = returnAll ? Infinity : Number(param(context, list.limit.key, itemIndex, list.limit.default));
  return { max, filters: (param(context, 'filters', itemIndex, {}) as IDataObject) ?? {} };
}

const fields = (context: IExecuteFunctions, name: string, itemIndex: number) =>
  clientInputFromFields((param(context, name, itemIndex, {}) as IDataObject) ?? {});

export const actions: Record<string, Record<string, Action>> = {
  invoice: {
    create: (context, i, connection, send) => runOperation(operations.createInvoice, connection, {
      client_email: param(context, invoice.clientEmail.key, i),
      currency: param(context, invoice.currency.key, i),
      items: lineItems(context, i),
      auto_send_whatsapp: param(context, invoice.autoSendWhatsapp.key, i, false),
    }, send, { idempotencyKey: idempotencyKey(context, i) }),

    get: (context, i, connection, send) => runOperation(operations.getInvoice, connection,
      { invoice_id: param(context, invoice.id.key, i) }, send),

    getAll: (context, i, connection, send) => {
      const { max, filters } = listing(context, i);
      return listAll(operations.listInvoices, connection, filters, send, max);
    },
  },
  client: {
    create: (context, i, connection, send) => runOperation(operations.createClient, connection,
      { ...fields(context, 'additionalFields', i), email: param(context, client.email.key, i) }, send),

    upsert: async (context, i, connection, send) => (await upsertClientByEmail(connection,
      { ...fields(context, 'additionalFields', i), email: param(context, client.email.key, i) }, send)).client,

    update: (context, i, connection, send) => runOperation(operations.updateClient, connection,
      { client_id: param(context, client.id.key, i), ...fields(context, 'updateFields', i) }, send),

    get: (context, i, connection, send) => runOperation(operations.getClient, connection,
      { client_id: param(context, client.id.key, i) }, send),

    getAll: (context, i, connection, send) => {
      const { max, filters } = listing(context, i);
      return listAll(operations.listClients, connection, filters, send, max);
    },
  },
};

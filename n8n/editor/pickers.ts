/**
 * Pickers as n8n's current nodes have them: a resource locator with "From List" (searchable, paged by
 * the service's cursor), "By ID" (checked as typed) and, for invoices and clients, "By URL" (the
 * invoice's page or the dashboard's); load options for the other closed lists (currencies). Choices,
 * ID patterns, links and help all come from shared/pickers.ts.
 */
import type {
  IExecuteFunctions,
  ILoadOptionsFunctions,
  INodeListSearchResult,
  INodeProperties,
  INodePropertyMode,
  INodePropertyOptions,
} from 'n8n-workflow';

import {
  CURRENCY_CHOICES,
  ID_PATTERNS,
  ID_PREFIX,
  SERVICE,
  LINK_FORMS,
  PICKER_HELP,
  clientChoices,
  idFromUrl,
  invoiceChoices,
  noteChoices,
  paymentChoices,
  productChoices,
  refundChoices,
  type ChoicePage,
  type Connection,
  type FieldSpec,
  type PickerQuery,
  type Send,
} from '../../shared';
import { nodeErrorFor } from '../transport/errors';
import { toHtml } from './text';
import { param } from './parameters';
import { connectionOf, sender } from '../transport/connection';

type Kind = keyof typeof ID_PATTERNS;
const NOUN: Record<Kind, string> = {
  invoice: 'invoice',
  client: 'client',
  payment: 'payment',
  product: 'product',
  refund: 'refund',
  credit_note: 'credit note',
  debit_note: 'debit note',
};
/** The kinds a link names (the invoice's page, the dashboard's invoice and client pages). */
const linked = (kind: Kind): kind is keyof typeof LINK_FORMS => kind in LINK_FORMS;

/** A resource-locator parameter for an ID field; `list` names its listSearch method below. */
export function locator(
  kind: Kind,
  spec: FieldSpec,
  list: keyof typeof listSearch,
  help: string = PICKER_HELP[kind],
): INodeProperties {
  const prefix = ID_PREFIX[kind];
  const modes: INodePropertyMode[] = [
    {
      displayName: 'From List',
      name: 'list',
      type: 'list',
      placeholder: `Select a ${NOUN[kind]}...`,
      typeOptions: { searchListMethod: list, searchable: true },
    },
    {
      displayName: 'By ID',
      name: 'id',
      type: 'string',
      placeholder: `e.g. ${String(spec.example ?? `${prefix}…`)}`,
      validation: [
        {
          type: 'regex',
          properties: { regex: ID_PATTERNS[kind].id, errorMessage: `Not a ${NOUN[kind]} ID: it starts ${prefix}` },
        },
      ],
    },
  ];
  if (linked(kind)) {
    const url = ID_PATTERNS[kind].url;
    modes.push({
      displayName: 'By URL',
      name: 'url',
      type: 'string',
      placeholder:
        kind === 'invoice'
          ? `e.g. https://pay.invoicing.example/i/${String(spec.example)}`
          : `e.g. ${SERVICE.sandboxBaseUrl}dashboard#/clients/${String(spec.example)}`,
      validation: [{ type: 'regex', properties: { regex: url, errorMessage: `Paste ${LINK_FORMS[kind]}` } }],
      extractValue: { type: 'regex', regex: url },
    });
  }
  return {
    displayName: spec.label,
    name: spec.key,
    type: 'resourceLocator',
    default: { mode: 'list', value: '' },
    required: spec.required ?? true,
    description: toHtml(help),
    modes,
  };
}

/** Invoice → Create's client: still an e-mail (an unknown one is created), with the existing clients to pick from. */
export function emailLocator(spec: FieldSpec): INodeProperties {
  const picker = locator('client', spec, 'clientEmails', PICKER_HELP.clientEmail);
  // Its list mode as any client picker's (listing e-mails); typed, an e-mail rather than an ID or a link.
  return {
    ...picker,
    modes: [
      picker.modes![0],
      { displayName: 'By E-mail', name: 'email', type: 'string', placeholder: `e.g. ${String(spec.example)}` },
    ],
  };
}

/** A line's product (issue 42): picked from the catalogue or given by ID; left empty, the line is typed in full. */
export function productLineLocator(spec: FieldSpec): INodeProperties {
  return { ...locator('product', spec, 'products', PICKER_HELP.productLine), required: false };
}

/** A line's product locator as the line's input: its ID, or nothing when left empty. */
export function productOfLine(raw: unknown): Record<string, unknown> {
  const value = typeof raw === 'object' && raw !== null && 'value' in raw ? (raw as { value?: unknown }).value : raw;
  return value === undefined || value === null || String(value).trim() === '' ? {} : { product_id: value };
}

/**
 * The ID a locator holds, whatever its mode; a plain string (a workflow saved before the pickers, or an
 * expression that resolved to one) is taken as an ID. A link is read by shared's own rule, so its
 * refusal names the field and the links it takes instead of n8n's generic "the URL entered is incorrect".
 */
export function locatorId(context: IExecuteFunctions, kind: Kind, spec: FieldSpec, itemIndex: number): unknown {
  const raw = param(context, spec.key, itemIndex, '');
  if (typeof raw !== 'object' || raw === null || !('value' in raw)) return raw;
  const { mode, value } = raw as { mode?: string; value?: unknown };
  return mode === 'url' && linked(kind) ? idFromUrl(kind, value, spec) : value;
}

/** Where a list mode's choices come from (shared/pickers.ts), for one search and page. */
type Choices = (connection: Connection, send: Send, query: PickerQuery) => Promise<ChoicePage>;

/** One list mode: the service's choices for what is typed, a page at a time by the service's cursor. */
function listMethod(choices: Choices) {
  return async function list(
    this: ILoadOptionsFunctions,
    filter?: string,
    paginationToken?: string,
  ): Promise<INodeListSearchResult> {
    const connection = await connectionOf(this);
    try {
      const page = await choices(connection, sender(this), {
        search: filter?.trim() || undefined,
        after: paginationToken || undefined,
      });
      return {
        results: page.choices.map((choice) => ({ name: choice.label, value: choice.value, url: choice.url })),
        paginationToken: page.next,
      };
    } catch (error) {
      throw nodeErrorFor(this.getNode(), error);
    }
  };
}

/** The node's `methods.listSearch`: each picker's list mode. */
export const listSearch = {
  clients: listMethod(clientChoices),
  clientEmails: listMethod((connection, send, query) => clientChoices(connection, send, { ...query, value: 'email' })),
  invoices: listMethod(invoiceChoices),
  owedInvoices: listMethod((connection, send, query) => invoiceChoices(connection, send, { ...query, owed: true })),
  payments: listMethod(paymentChoices),
  products: listMethod(productChoices),
  refunds: listMethod(refundChoices),
  creditNotes: listMethod(noteChoices('credit')),
  debitNotes: listMethod(noteChoices('debit')),
};

/**
 * The node's `methods.loadOptions`: closed lists the editor shows as dropdowns
 * (a custom value or expression still goes).
 */
export const loadOptions = {
  async currencies(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
    return CURRENCY_CHOICES.map(({ value, label }) => ({ name: label, value }));
  },
};

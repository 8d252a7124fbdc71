/**
 * Invoice Overdue by Days: a polling trigger, as Xero's Days Overdue is. Each poll lists the invoices exactly
 * that many days overdue today; Zapier deduplicates on each record's id (invoice, days, due date), so an invoice
 * starts the Zap once for the chosen day, and again only when its due date moves.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  DAYS_OVERDUE_FIELD,
  EVENT_CATALOGUE,
  EVENT_LABELS,
  invoicesOverdueBy,
  sampleOverdueRecord,
} from '../../../shared';
import { call } from '../api';
import { inputField, sampledOutputFields } from '../fields';

export const invoiceOverdueDays = {
  key: 'invoice_overdue_days',
  noun: EVENT_CATALOGUE['invoice.overdue'].noun,
  display: {
    label: 'Invoice Overdue by Days',
    description:
      'Triggers when an unpaid invoice is a chosen number of days past its due date (in India, IST), ' +
      'once per invoice: a reminder 7 days after, say.',
  },
  operation: {
    type: 'polling' as const,
    inputFields: [inputField(DAYS_OVERDUE_FIELD)],
    perform: (z: ZObject, bundle: Bundle) =>
      call(z, bundle, (connection, send) => invoicesOverdueBy(connection, send, bundle.inputData.days_overdue)),
    sample: sampleOverdueRecord,
    outputFields: sampledOutputFields(sampleOverdueRecord, EVENT_LABELS),
  },
};

/** Credit and debit notes: issuing one against an invoice, and finding them again (contract, issue 40). */
import type { CreditNote, DebitNote } from '../../shared';
import type { AccountCollection } from '../storage/store';
import {
  listCreditNotesQuerySchema,
  labelsOf,
  listDebitNotesQuerySchema,
  noteBodySchema,
  operations,
  PDF_MEDIA_TYPE,
  pdfFileName,
  todayIn,
  validateInput,
} from '../../shared';
import { timeZoneOf } from '../domain/clock';
import type { Context } from '../domain/context';
import { invoiceParties } from '../domain/invoiceParties';
import { notePdf } from '../domain/notePdf';
import { invoiceOr404 } from '../domain/invoices';
import { issueNote } from '../domain/notes';
import { orNotFound } from '../domain/problems';
import { docField } from '../storage/documentFilters';
import { listPage } from './listPage';
import type { Router } from './router';

const KINDS = {
  credit: {
    create: operations.createCreditNote,
    get: operations.getCreditNote,
    list: operations.listCreditNotes,
    pdf: operations.downloadCreditNotePdf,
    query: listCreditNotesQuerySchema,
    collection: 'creditNotes',
    what: 'credit note',
    id: 'credit_note_id',
  },
  debit: {
    create: operations.createDebitNote,
    get: operations.getDebitNote,
    list: operations.listDebitNotes,
    pdf: operations.downloadDebitNotePdf,
    query: listDebitNotesQuerySchema,
    collection: 'debitNotes',
    what: 'debit note',
    id: 'debit_note_id',
  },
} as const;

/** The note's PDF: its invoice's parties as issued, its date of issue on the account's calendar. */
function pdfOf(ctx: Context, note: CreditNote | DebitNote) {
  const stored = invoiceOr404(ctx, note.invoice_id);
  const parties = invoiceParties(stored, ctx.account, ctx.data.clients.get(stored.client_id));
  return {
    status: 200,
    headers: {
      'content-type': PDF_MEDIA_TYPE,
      'content-disposition': `attachment; filename="${pdfFileName(note.number)}"`,
    },
    body: notePdf(note, { issued: todayIn(new Date(note.created_at), timeZoneOf(ctx.account)), parties }),
  };
}

export function noteRoutes(router: Router): void {
  for (const [kind, words] of Object.entries(KINDS) as Array<
    [keyof typeof KINDS, (typeof KINDS)[keyof typeof KINDS]]
  >) {
    const body = noteBodySchema(kind);
    router
      .on(words.create.method, words.create.route, (req, ctx) => {
        const input = validateInput(body, req.body ?? {});
        const note = ctx.data.store.transaction(() =>
          issueNote(ctx, kind, invoiceOr404(ctx, req.params.invoice_id), input),
        );
        return { status: 201, body: note };
      })
      .on(words.pdf.method, words.pdf.route, (req, ctx) =>
        pdfOf(ctx, orNotFound(ctx.data[words.collection].get(req.params[words.id]), words.what, req.params[words.id])),
      )
      .on(words.get.method, words.get.route, (req, ctx) => ({
        status: 200,
        body: orNotFound(ctx.data[words.collection].get(req.params[words.id]), words.what, req.params[words.id]),
      }))
      .on(words.list.method, words.list.route, (req, ctx) => {
        // Its own words: a note's `number` is Credit Note Number here, not an invoice's.
        const query = validateInput(words.query, req.query, { labels: labelsOf(words.list.fields) });
        const collection = ctx.data[words.collection] as AccountCollection<CreditNote | DebitNote>;
        const where = { invoice_id: query.invoice_id, [docField('number')]: query.number };
        return { status: 200, body: listPage(collection, query, where, (note) => note) };
      });
  }
}

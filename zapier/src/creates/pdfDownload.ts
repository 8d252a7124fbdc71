/**
 * Download Invoice PDF, Download Credit Note PDF, Download Debit Note PDF: a file (INV-000123.pdf,
 * CN-000001.pdf) a later step can attach, through Zapier's file hydration, one path for every document
 * shared/operations/pdfDownloads.ts lists.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { PDF_DOWNLOADS, displayNoun, runOperation, type PdfKind } from '../../../shared';
import { TRANSLATES } from '../action';
import { call } from '../api';
import { outputFields } from '../fields';
import { hydrateInvoicePdf } from '../hydrators/invoicePdf';
import { pickerField } from '../pickers';

const ATTACH_TO = 'an e-mail, a message or a drive';

/** The action's words, from the document's noun: Download Credit Note PDF, `download_credit_note_pdf`. */
function wordsFor(kind: PdfKind) {
  const noun = displayNoun(PDF_DOWNLOADS[kind].resource);
  return {
    key: `download_${kind}_pdf`,
    noun: `${noun} PDF`,
    label: `Download ${noun} PDF`,
    description: `Gets the ${noun.toLowerCase()} as a PDF file that a later step can attach to ${ATTACH_TO}.`,
  };
}

export function pdfDownload(kind: PdfKind) {
  const { download: operation, about, answer } = PDF_DOWNLOADS[kind];
  const words = wordsFor(kind);
  const [idField] = Object.values(operation.fields);
  const perform = (z: ZObject, bundle: Bundle) =>
    call(z, bundle, async (connection, send) => {
      const input = { [idField.key]: bundle.inputData[idField.key] };
      const answered = answer(await runOperation(about, connection, input, send));
      return {
        ...answered,
        // An invoice's pointer stays as it always was (no kind), so a Zap holding one still hydrates it.
        file: z.dehydrateFile(hydrateInvoicePdf, {
          ...(kind === 'invoice' ? {} : { kind }),
          ...input,
          number: answered.number,
        }),
      };
    });
  // Its perform answers a pointer to the file, not the operation's bytes, so it is not a createAction; it
  // translates the same operation all the same (its fields, labels and sample).
  TRANSLATES[words.key] = operation;
  const sample = { ...(operation.sample as object), file: 'SAMPLE FILE' };
  return {
    key: words.key,
    noun: words.noun,
    display: { label: words.label, description: words.description },
    operation: {
      inputFields: [pickerField(idField)],
      perform,
      sample,
      outputFields: outputFields(sample, operation.labels ?? {}),
    },
  };
}

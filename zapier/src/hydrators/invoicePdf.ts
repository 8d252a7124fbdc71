/**
 * A document's PDF as a Zapier file (an invoice's, a credit or debit note's: shared/operations/pdfDownloads.ts).
 * Zapier's docs recommend file dehydration for files: the action answers a pointer (z.dehydrateFile), and Zapier
 * calls this hydrator, which downloads the PDF and stores it with z.stashFile, only when a later step uses the
 * file. So a Zap that never attaches it never downloads it, and the download does not count against the
 * action's 30 seconds. A pointer without `kind` is an invoice's, as every pointer was before notes had PDFs.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { PDF_DOWNLOADS, PDF_MEDIA_TYPE, normalizeError, pdfFileName, type PdfKind } from '../../../shared';
import { call, connectionOf } from '../api';

export const hydrateInvoicePdf = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async () => {
    const {
      kind = 'invoice',
      number,
      ...input
    } = bundle.inputData as { kind?: PdfKind; number: string } & Record<string, string>;
    const request = PDF_DOWNLOADS[kind].download.request(connectionOf(bundle), input);
    const response = await z.request({
      url: request.url,
      method: request.method,
      headers: request.headers,
      raw: true,
      skipThrowForStatus: true,
    });
    if (response.status !== 200) {
      throw normalizeError({
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
        body: await response.text(),
      });
    }
    const bytes = await response.buffer();
    return z.stashFile(bytes, bytes.length, pdfFileName(number), PDF_MEDIA_TYPE);
  });

/**
 * The invoice PDF as a Zapier file. Zapier's docs recommend file dehydration for files: the action answers
 * a pointer (z.dehydrateFile), and Zapier calls this hydrator, which downloads the PDF and stores it with
 * z.stashFile, only when a later step uses the file. So a Zap that never attaches it never downloads it,
 * and the download does not count against the action's 30 seconds.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { PDF_MEDIA_TYPE, normalizeError, operations, pdfFileName } from '../../../shared';
import { call, connectionOf } from '../api';

const { downloadInvoicePdf: operation } = operations;

export const hydrateInvoicePdf = (z: ZObject, bundle: Bundle) =>
  call(z, bundle, async () => {
    const { invoice_id, number } = bundle.inputData as { invoice_id: string; number: string };
    const request = operation.request(connectionOf(bundle), { invoice_id });
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

/**
 * Things that used to be written twice and could drift apart while still compiling: each is now read
 * from its one place, and each test changes that place (or goes through every case it produces) to
 * show the reader follows.
 */
import { normalizeError, operations, validateInput, InputError, type InputIssue } from '../../shared';

describe('redaction reads the key prefixes service.ts declares', () => {
  test('renamed prefixes are still redacted from messages', () => {
    jest.isolateModules(() => {
      jest.doMock('../../shared/service', () => ({
        ...jest.requireActual('../../shared/service'),
        KEY_PREFIX: { live: 'zz_prod_', test: 'zz_dev_' },
        WEBHOOK_SECRET_PREFIX: 'zsig_',
      }));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { redactSecrets } = require('../../shared/errors') as typeof import('../../shared/errors');
      expect(redactSecrets('keys zz_prod_51HqLyjWDarjtT1 and zz_dev_TYooMQauvd, secret zsig_MfKQ9r8GKYq=')).toBe(
        'keys [redacted] and [redacted], secret [redacted]',
      );
    });
  });
});

/** The issues validateInput raises for an input, as the service would return them (param + message). */
function issuesOf(schema: Parameters<typeof validateInput>[0], raw: unknown): InputIssue[] {
  try {
    validateInput(schema, raw);
  } catch (error) {
    if (error instanceof InputError) return error.issues;
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe("errors.ts recognises validateInput's own wording", () => {
  const invoice = {
    client_email: 'ana@example.com',
    currency: 'INR',
    items: [{ description: 'Design', amount: 1500 }],
  };
  const broken = {
    'a line item without an amount': { ...invoice, items: [invoice.items[0], { description: 'Hosting' }] },
    'a line item that is not an object': { ...invoice, items: [invoice.items[0], 'Hosting'] },
    'a line item with an extra field': { ...invoice, items: [{ ...invoice.items[0], colour: 'red' }] },
    'an amount with more decimals than the currency has': {
      ...invoice,
      items: [{ description: 'Design', amount: '15.001' }],
    },
    'a bad e-mail and currency': { ...invoice, client_email: 'ana', currency: 'RUPEES' },
  };

  test.each(Object.entries(broken))(
    '%s: the service returning these messages shows each once, unchanged',
    (_case, raw) => {
      const issues = issuesOf(operations.createInvoice.input, raw);
      const error = normalizeError({
        status: 422,
        body: {
          status: 422,
          code: 'validation_failed',
          detail: 'Invalid.',
          errors: issues.map((issue) => ({ param: issue.field, message: issue.message })),
        },
      });
      expect(error.fieldErrors).toEqual(issues);
    },
  );
});

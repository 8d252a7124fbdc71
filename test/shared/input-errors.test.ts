/** Every broken field is named in one go, even when the input comes in parts (an ID, a key, the changes). */
import { InputError, operations, runOperation, sampleInvoice } from '../../shared';
import { TEST_KEY, inputErrorOf } from './support';

const connection = { apiKey: TEST_KEY, baseUrl: 'http://127.0.0.1:4010/' };
const neverSend = async () => {
  throw new Error('nothing may be sent for invalid input');
};

test('a bad Prevent Duplicates Key and a bad field are refused together', async () => {
  const raw = { client_email: 'not an email', currency: 'INR', items: [{ description: 'Design', amount: 1500 }] };
  const error = await runOperation(
    operations.createInvoice,
    connection,
    { ...raw, idempotency_key: 'k'.repeat(256) },
    neverSend,
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  expect((error as InputError).issues.map((issue) => issue.field)).toEqual(['client_email', 'idempotency_key']);
  expect((error as InputError).message).toMatch(
    /^Please fix 2 fields: Client Email .*; Prevent Duplicates Key must be at most 255 characters$/,
  );
});

test('a valid key with a bad field still names only the field', async () => {
  const error = await runOperation(
    operations.createInvoice,
    connection,
    { ...sampleInvoice, items: [], idempotency_key: 'order-1' },
    neverSend,
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect((error as InputError).issues.map((issue) => issue.field)).not.toContain('idempotency_key');
});

test('Update Client names a bad client ID and a bad change together', () => {
  const error = inputErrorOf(() =>
    operations.updateClient.validate({ client_id: 'inv_123', email: 'ana @example.com' }),
  );
  expect(error.issues.map((issue) => issue.field)).toEqual(['client_id', 'email']);
  expect(error.message).toMatch(
    /^Please fix 2 fields: Client ID must be an ID starting cli_; Email must be a valid e-mail address/,
  );
});

test('Update Client with a good ID and a bad change, or the reverse, names just that one', () => {
  expect(
    inputErrorOf(() => operations.updateClient.validate({ client_id: 'cli_1', phone: '98123' })).issues.map(
      (issue) => issue.field,
    ),
  ).toEqual(['phone']);
  expect(
    inputErrorOf(() => operations.updateClient.validate({ name: 'Ana' })).issues.map((issue) => issue.field),
  ).toEqual(['client_id']);
});

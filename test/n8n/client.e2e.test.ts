/** Client operations of the built node, run by n8n-core's WorkflowExecute against the sandbox. */
import { operations, setUp, type Setup } from './support';

let s: Setup;
beforeAll(async () => {
  s = await setUp();
});
afterAll(async () => {
  await s.close();
});

const client = (operation: string, extra: Record<string, unknown>) =>
  s.run({ resource: 'client', operation, ...extra });

const clientsWith = async (email: string) =>
  (await s.api((c) => operations.listClients.request(c, { email, limit: 100 }))).body.data as any[];

test('Create with the address given as flat fields: the API gets it nested', async () => {
  const run = await client('create', {
    email: 'asha@example.com',
    additionalFields: {
      name: 'Asha Rao',
      phone: '+91 98123 45678',
      company: 'Rao Studio',
      tax_id: '27AAPFU0939F1ZV',
      line1: '12 MG Road',
      city: 'Pune',
      postal_code: '411001',
      country: 'in',
    },
  });
  expect(run.error).toBeUndefined();
  expect(run.items[0]).toMatchObject({
    json: {
      object: 'client',
      email: 'asha@example.com',
      name: 'Asha Rao',
      phone: '+919812345678',
      address: { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
    },
    pairedItem: { item: 0 },
  });
});

test('Create for an email that exists: the 409 is a NodeApiError with the service message', async () => {
  await client('create', { email: 'taken@example.com' });
  const run = await client('create', { email: 'taken@example.com' });
  expect((run.error as any).name).toBe('NodeApiError');
  expect((run.error as any).httpCode).toBe('409');
  expect(await clientsWith('taken@example.com')).toHaveLength(1);
});

test('an incomplete address is refused by field, before sending', async () => {
  const run = await client('create', { email: 'half@example.com', additionalFields: { line1: '1 Main St' } });
  const error = run.error as any;
  expect(error.name).toBe('NodeOperationError');
  expect(error.message).toContain('City is required');
  expect(error.message).toContain('Postal Code is required');
  expect(error.message).toContain('Country');
  expect(await clientsWith('half@example.com')).toEqual([]);
});

test('Create or Update: creates the first time, updates the same client after, never a second one', async () => {
  const first = await client('upsert', { email: 'upsert@example.com', additionalFields: { name: 'First Name' } });
  const second = await client('upsert', { email: 'upsert@example.com', additionalFields: { company: 'Later Co' } });
  expect(first.error).toBeUndefined();
  expect(second.error).toBeUndefined();
  const [a, b] = [first.items[0].json as any, second.items[0].json as any];
  expect(b.id).toBe(a.id);
  expect(b).toMatchObject({ name: 'First Name', company: 'Later Co' });
  expect(await clientsWith('upsert@example.com')).toHaveLength(1);
});

test('Update changes only the given fields; no fields at all is refused by name', async () => {
  const created = await client('create', { email: 'update@example.com', additionalFields: { name: 'Old' } });
  const id = (created.items[0].json as any).id;
  const updated = await client('update', { client_id: id, updateFields: { name: 'New', phone: '+14155550123' } });
  expect(updated.items[0].json).toMatchObject({ id, email: 'update@example.com', name: 'New', phone: '+14155550123' });
  const nothing = await client('update', { client_id: id, updateFields: {} });
  expect((nothing.error as any).message).toContain('Give at least one field to change');
});

test('Get by ID, and Get Many filtered by email with Return All or a Limit', async () => {
  const created = await client('create', { email: 'find@example.com' });
  const id = (created.items[0].json as any).id;
  expect((await client('get', { client_id: id })).items[0].json).toMatchObject({ id, email: 'find@example.com' });
  const filtered = await client('getAll', { returnAll: true, filters: { email: 'find@example.com' } });
  expect(filtered.items.map((item) => (item.json as any).id)).toEqual([id]);
  const limited = await client('getAll', { limit: 2 });
  expect(limited.items).toHaveLength(2);
});

test('many items run with bounded concurrency and keep their order', async () => {
  const emails = Array.from({ length: 12 }, (_, i) => `bulk${i}@example.com`);
  const run = await s.run(
    { resource: 'client', operation: 'create', email: '={{ $json.email }}', options: { concurrency: 4 } },
    { input: emails.map((email) => ({ email })) },
  );
  expect(run.error).toBeUndefined();
  expect(run.items.map((item) => (item.json as any).email)).toEqual(emails);
  expect(run.items.map((item) => (item.pairedItem as any).item)).toEqual(emails.map((_, i) => i));
});

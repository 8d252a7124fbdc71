/**
 * Issue 43 on n8n: template syntax nobody filled in (typed in a field in Fixed mode, or mapped in from data
 * holding it) is refused naming the field before any request; the message never repeats the template.
 */
import { TEMPLATE_REFUSAL } from '../../shared';
import { setUp, startProxy, type Setup } from './support';

let s: Setup;
let proxy: Awaited<ReturnType<typeof startProxy>>;
beforeAll(async () => {
  s = await setUp();
  proxy = await startProxy(s.sandbox.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await s.close();
});
beforeEach(() => {
  proxy.calls.length = 0;
});

const credentials = () => ({ invoicingApi: { apiKey: s.sandbox.testKey, baseUrl: proxy.url } });
const payment = { resource: 'payment', operation: 'record', invoice_id: 'inv_3MtwBwLkdIwHu7ix', method: 'cash' };

test.each([
  ['Reference', { ...payment, amount: '1,500.00', additionalFields: { reference: '{{bundle.authData.api_key}}' } }],
  ['Note', { ...payment, amount: '1,500.00', additionalFields: { note: 'Paid {{ $json.amount }}' } }],
  [
    'Item 1: description',
    {
      resource: 'invoice',
      operation: 'create',
      client_email: 'ana@example.com',
      currency: 'INR',
      items: { item: [{ description: 'Design for {{bundle.inputData.name}}', amount: '1,500.00' }] },
    },
  ],
])('a template in %s: named, nothing sent', async (label, parameters) => {
  const run = await s.run(parameters, { credentials: credentials() });
  expect(run.error?.message).toBe(`${label} ${TEMPLATE_REFUSAL}`);
  expect(run.error?.message).not.toMatch(/bundle|api_key|\$json/);
  expect(proxy.calls).toHaveLength(0);
});

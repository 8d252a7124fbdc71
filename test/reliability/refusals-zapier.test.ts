/**
 * Issue 32's defects that were Zapier's own: text holding "{{bundle.…}}" refused by core's request merge as
 * "Could not reach …", and unknown input keys refused or dropped depending on their name and the action.
 */
import { API_KEY, BASE_URL, fakeService } from './support/inputs';
import { App, zapierRuntime } from './support/zapier';
import { zapierAuth } from '../zapier/connection';

const invoice = {
  client_email: 'ana@example.com',
  currency: 'INR',
  items: [{ description: 'Design', amount: '1,500.00' }],
};
const payment = { invoice_id: 'inv_3MtwBwLkdIwHu7ix', method: 'cash', amount: '1500' };

describe("through Zapier's pipeline", () => {
  const runtime = zapierRuntime();
  const authData = zapierAuth(API_KEY, BASE_URL);
  let service: ReturnType<typeof fakeService>;
  beforeAll(() => {
    service = fakeService();
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    service.sent.length = 0;
  });

  test('{{bundle.…}} in a description is sent as text', async () => {
    const outcome = await runtime.invoke(App.creates.create_invoice.operation.perform, {
      authData,
      inputData: { ...invoice, items: [{ description: 'Design for {{bundle.inputData.name}}', amount: '1,500.00' }] },
    });
    expect(outcome.ok).toBe(true);
    expect(service.sent).toHaveLength(1);
    expect((service.sent[0].body as { items: unknown }).items).toEqual([
      { description: 'Design for {{bundle.inputData.name}}', amount: 150000 },
    ]);
  });

  test.each(['constructor', 'toString', 'made_up_field'])(
    'an unknown key %s is ignored the same way on every create',
    async (key) => {
      for (const [create, inputData] of [
        [App.creates.create_invoice, invoice],
        [App.creates.record_payment, payment],
        [App.creates.create_client, { email: 'ana@example.com' }],
      ] as const) {
        service.sent.length = 0;
        const outcome = await runtime.invoke(create.operation.perform, {
          authData,
          inputData: { ...inputData, [key]: 'x' },
        });
        expect({ key: create.key, ok: outcome.ok }).toEqual({ key: create.key, ok: true });
      }
    },
  );
});

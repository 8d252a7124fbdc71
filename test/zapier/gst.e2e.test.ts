/** GST invoices from the Zapier app (createAppTester) against the sandbox, whose account is a supplier in Maharashtra (27). */
import { createAppTester } from 'zapier-platform-core';
import App from '../../zapier/src';
import { sandboxSession } from './sandboxSession';

const appTester = createAppTester(App);

describe('GST invoice from Zapier', () => {
  const session = sandboxSession();
  const email = `pune.${Date.now()}@example.com`;

  it("syncs the client's GSTIN (its state becomes the place of supply) and creates a three-rate intra-state tax invoice", async () => {
    const client = await appTester(App.creates.create_client.operation.perform, {
      authData: session.authData,
      inputData: { email, name: 'Pune Traders', gstin: '27aapfu0939f1zv' },
    });
    expect(client).toMatchObject({ gstin: '27AAPFU0939F1ZV', place_of_supply: '27' });
    // Zapier's line-item group, children left empty as the editor sends them.
    const invoice = await appTester(App.creates.create_invoice.operation.perform, {
      authData: session.authData,
      inputData: {
        client_email: email,
        currency: 'INR',
        items: [
          {
            description: 'Laptop stand',
            amount: '',
            quantity: '3',
            unit: 'NOS',
            unit_price: '1,250.50',
            hsn_sac: '847330',
            gst_rate: '18',
          },
          {
            description: 'Set-up, hours',
            amount: '',
            quantity: '1.5',
            unit: 'hrs',
            unit_price: '999.99',
            hsn_sac: '998314',
            gst_rate: '5',
          },
          {
            description: 'Delivery',
            amount: '200.00',
            quantity: '',
            unit: '',
            unit_price: '',
            hsn_sac: '',
            gst_rate: 'exempt',
          },
        ],
      },
    });
    expect(invoice.items.map((line: any) => [line.amount, line.cgst, line.sgst])).toEqual([
      [375150, 33764, 33764],
      [149999, 3750, 3750],
      [20000, 0, 0],
    ]);
    expect(invoice.tax).toMatchObject({
      supply_type: 'intra_state',
      cgst_formatted: '₹375.14',
      sgst_formatted: '₹375.14',
      total_formatted: '₹6,201.77',
    });
    const found = await appTester(App.searches.find_invoice.operation.perform, {
      authData: session.authData,
      inputData: { client_gstin: '27AAPFU0939F1ZV' },
    });
    expect(found.map((one: any) => one.id)).toEqual([invoice.id]);
  });

  it('refuses a mistyped GSTIN naming the field and the position, before any request', async () => {
    const error = await appTester(App.creates.create_client.operation.perform, {
      authData: session.authData,
      inputData: { email: `bad.${email}`, gstin: '27AAPFU0939F1ZX' },
    }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    // Zapier's errors carry their message as JSON ({message, code, status}).
    expect(JSON.parse(String(error?.message))).toEqual({
      status: 400,
      code: 'invalid_input',
      message:
        'GSTIN has the check character "X" at position 15, ' +
        'but the first 14 characters give "V": one character is mistyped (you entered 27AAPFU0939F1ZX); check it against the registration certificate',
    });
    await expect(
      appTester(App.searches.find_client.operation.perform, {
        authData: session.authData,
        inputData: { email: `bad.${email}` },
      }),
    ).resolves.toEqual([]);
  });
});

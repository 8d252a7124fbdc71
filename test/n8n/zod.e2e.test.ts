/**
 * The built package behaves the same whichever `zod` the n8n it is loaded into can resolve: n8n ships
 * zod 3.25.x today and declares none for community packages, and zod 4's default export lacks the v3
 * classes the core checks. The package carries its own copy (dist/vendor/zod.js), so an invoice is
 * created, a refusal keeps its words and a signed delivery starts the workflow with zod 3 or zod 4 in
 * reach. The control shows the folder really offers zod 4: a build that still required bare `zod`
 * fails to load there.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { signWebhook, type InvoiceEvent } from '../../shared';
import { buildPackage, loadPackage, TriggerHost } from './harness';
import { operations, setUp, type Setup } from './support';

const repoRoot = path.resolve(__dirname, '../..');
const ZOD = {
  '3.25': path.join(repoRoot, 'node_modules', 'zod'),
  '4': path.join(repoRoot, 'node_modules', 'zod-v4'),
};

/** The zod a file inside the built package would get from a bare `require("zod")`. */
const resolvableZod = (dir: string) => {
  const inPackage = createRequire(path.join(dir, 'dist', 'nodes', 'InvoicingApi', 'InvoicingApi.node.js'));
  return JSON.parse(readFileSync(inPackage.resolve('zod/package.json'), 'utf8')).version as string;
};

const builtFiles = (dir: string) =>
  [
    'nodes/InvoicingApi/InvoicingApi.node.js',
    'nodes/InvoicingApiTrigger/InvoicingApiTrigger.node.js',
    'nodes/InvoicingApiPollingTrigger/InvoicingApiPollingTrigger.node.js',
    'credentials/InvoicingApi.credentials.js',
  ].map((file) => readFileSync(path.join(dir, 'dist', file), 'utf8'));

describe.each(Object.entries(ZOD))('with zod %s as the resolvable zod', (major, zodFolder) => {
  let s: Setup;
  let host: TriggerHost;
  let dir: string;

  beforeAll(async () => {
    s = await setUp({}, { zod: zodFolder });
    dir = s.pkg.loader.directory;
    host = new TriggerHost(s.pkg, {
      node: 'invoicingApiTrigger',
      parameters: { events: ['invoice.paid'] },
      credentials: s.credentials,
    });
    await host.listen();
  });
  afterAll(async () => {
    await host.deactivate();
    await host.close();
    await s.close();
  });

  test(`the package folder resolves zod ${major}, and no built file asks for it`, () => {
    expect(resolvableZod(dir)).toMatch(new RegExp(`^${major.replace('.', '\\.')}\\.`));
    for (const code of builtFiles(dir)) {
      expect(code).not.toMatch(/require\(["']zod(\/[^"']*)?["']\)/);
      expect(code).toMatch(/require\("\.\.\/(\.\.\/)?vendor\/zod\.js"\)/);
    }
  });

  test('Create invoice sends the invoice; a missing field is refused in the same words', async () => {
    const create = {
      resource: 'invoice',
      operation: 'create',
      client_email: 'ana@example.com',
      currency: 'inr',
      items: { item: [{ description: 'Website design, May', amount: '12,500.00' }] },
    };
    const run = await s.run(create);
    expect(run.error).toBeUndefined();
    const invoice = run.items[0].json as { id: string; amount_due_formatted: string };
    expect(invoice.amount_due_formatted).toBe('₹12,500.00');
    expect((await s.api((c) => operations.getInvoice.request(c, { invoice_id: invoice.id }))).body.items).toEqual([
      { description: 'Website design, May', amount: 1250000 },
    ]);
    // zod 3's required_error: the words zod 4 would not give.
    const refused = await s.run({ ...create, items: {} });
    expect((refused.error as { message?: string }).message).toBe('Line Items must have at least one line item');
  });

  test('a signed invoice.paid starts the workflow; the same body tampered is refused with 401', async () => {
    await host.activate();
    const invoice = (
      await s.api((c) =>
        operations.createInvoice.request(c, {
          client_email: 'payer@example.com',
          currency: 'INR',
          items: [{ description: 'Design', amount: 150000 }],
          auto_send_whatsapp: false,
        }),
      )
    ).body as { id: string };
    await s.api((c) => operations.simulatePayment.request(c, { invoice_id: invoice.id, amount: 50000 }));
    await s.sandbox.settled();
    expect(host.answers).toEqual([{ status: 200, started: true }]);
    expect(host.started[0][0][0].json).toMatchObject({
      event_type: 'invoice.paid',
      invoice_id: invoice.id,
      payment_amount_formatted: '₹500.00',
    });

    const [event] = (await s.api((c) => operations.listEvents.request(c, { type: 'invoice.paid', limit: 1 }))).body
      .data as InvoiceEvent[];
    const body = JSON.stringify({ ...event, id: 'evt_tampered0000000001' });
    const secret = (host.staticData['node:Invoicing API Trigger'] as { webhookSecret: string }).webhookSecret;
    const signed = signWebhook({
      secret,
      id: 'evt_tampered0000000001',
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    const response = await fetch(host.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed },
      body: body.replace('"amount":', '"amount":1'),
    });
    expect(response.status).toBe(401);
    expect(host.started).toHaveLength(1);
  });
});

describe('control: the build as it was, requiring bare zod', () => {
  test('fails to load where zod 4 is the resolvable zod', async () => {
    const built = buildPackage({ zod: ZOD['4'] });
    try {
      const outfile = path.join(built.dir, 'dist', 'nodes', 'InvoicingApi', 'InvoicingApi.node.js');
      const script = `import { bundle } from ${JSON.stringify(path.join(repoRoot, 'scripts', 'bundle.mjs'))};
        await bundle({ entryPoints: [${JSON.stringify(path.join(repoRoot, 'n8n', 'nodes', 'InvoicingApi', 'InvoicingApi.node.ts'))}],
          outfile: ${JSON.stringify(outfile)}, target: 'node20', external: ['n8n-workflow', 'zod'] });`;
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, stdio: 'pipe' });
      expect(readFileSync(outfile, 'utf8')).toContain('require("zod")');
      expect(resolvableZod(built.dir)).toMatch(/^4\./);
      // n8n-core reports only that the class is missing; the cause is the core's `instanceof z.ZodEffects`
      // meeting zod 4, which has no such class.
      await expect(loadPackage(built.dir)).rejects.toThrow(/Class could not be found/);
      expect(() => jest.requireActual(outfile)).toThrow(/Right-hand side of 'instanceof'/);
    } finally {
      built.cleanup();
    }
  });
});

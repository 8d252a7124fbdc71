/**
 * `npm run demo` as a newcomer runs it: the built demo in a child process (it starts its own sandbox
 * process and loads the built Zapier app and n8n package), once as is and once with the sandbox's fault
 * injection. Asserts the exit code and what the summary claims, cross-checking its counts.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { EVENT_TYPES } from '../../shared';

const root = path.resolve(__dirname, '../..');
const demo = path.join(root, 'demo', 'dist', 'demo.js');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  /** The output as printed, before wrapped lines are joined (the summary's own two-line entries stay two). */
  printed?: string;
}

/**
 * What one demo run may take on a loaded machine: a slow run is not a wrong one (the demo's own waits decide what
 * is too slow for a user). 50 s ended a --faults run by signal on a machine at load 13.
 */
const RUN_BUDGET_MS = 240_000;

/**
 * The demo as printed must fit a terminal 120 characters wide (demo/steps.ts wraps longer lines); the outcome
 * holds it with each wrapped line joined back, continuation lines being the ones indented 5 spaces or more.
 */
async function runDemo(args: string[] = [], env: Record<string, string> = {}): Promise<Outcome> {
  let outcome: Outcome;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [demo, ...args], {
      cwd: root,
      env: { ...process.env, ...env, DEMO_FAULTS: env.DEMO_FAULTS ?? '' },
      timeout: RUN_BUDGET_MS - 10_000,
    });
    outcome = { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    outcome = {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
  const wide = outcome.stdout.split('\n').filter((line) => [...line].length > 120);
  expect(wide).toEqual([]);
  return { ...outcome, printed: outcome.stdout, stdout: outcome.stdout.replace(/\n {5,}(?=\S)/g, ' ') };
}

/** The per-platform line of the summary (demo/summary.ts receivedLine). */
function received(stdout: string, platform: 'Zapier' | 'n8n') {
  const match = new RegExp(
    `^\\s+${platform}\\s+received (\\d+)/(\\d+) events, (\\d+) deliveries, (\\d+) repeats recognised by event id, ` +
      '(\\d+)/(\\d+) signatures verified$',
    'm',
  ).exec(stdout);
  if (!match) throw new Error(`no summary line for ${platform} in:\n${stdout}`);
  const [events, expected, deliveries, repeats, verified, of] = match.slice(1).map(Number);
  return { events, expected, deliveries, repeats, verified, of };
}

/** What every successful run must show, whatever the faults. Returns the repeats per platform. */
function expectCompleteRun({ code, stdout, stderr, printed = stdout }: Outcome) {
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const steps = stdout.split('\n').filter((line) => /^\[\s?\d+\] /.test(line));
  expect(steps).toHaveLength(32);
  for (const step of steps) expect(step).toMatch(/: .+ \(\d+ ms\)$/);
  expect(stdout).not.toMatch(/FAILED|^\s+at /m);
  // The sandbox's test key is a secret like any API key: never printed.
  expect(stdout).not.toMatch(/ik_(test|live)_\w/);

  // Each invoice viewed, paid and disputed; the client created in the service; the transfer recorded from n8n.
  for (const [type, count] of [
    ['invoice.viewed', 2],
    ['invoice.paid', 3],
    ['invoice.disputed', 2],
    ['client.created', 1],
    // The invoice after it is created: created with Net 7, sent, a planted failure, overdue, the reminder, a void.
    ['invoice.created', 2],
    ['invoice.sent', 2],
    ['invoice.delivery_failed', 1],
    ['invoice.overdue', 1],
    ['invoice.voided', 1],
  ] as const) {
    const rows = stdout.split('\n').filter((line) => line.trim().startsWith(type));
    expect(rows).toHaveLength(count);
    for (const row of rows) expect(row).toMatch(/evt_\w+\s+received, verified\s+received, verified$/);
  }
  const zapier = received(stdout, 'Zapier');
  const n8n = received(stdout, 'n8n');
  for (const platform of [zapier, n8n]) {
    expect(platform).toMatchObject({
      events: 15,
      expected: 15,
      verified: platform.deliveries,
      of: platform.deliveries,
    });
    expect(platform.deliveries - platform.repeats).toBe(15);
  }
  // The sandbox's own delivery log (step 13) agrees with what the two platforms counted.
  const [, sent, duplicates] = /wait until every delivery is made: (\d+) deliveries, (\d+) of them duplicates/
    .exec(stdout)!
    .map(Number);
  expect(sent).toBe(zapier.deliveries + n8n.deliveries);
  expect(duplicates).toBe(zapier.repeats + n8n.repeats);

  expect(stdout).toMatch(/Listed: +6 invoices afterwards, none created twice/);
  expect(stdout).toMatch(
    new RegExp(
      'n8n: Invoice → Get Many .*: 6 invoices: INV-\\d+ \\(void\\), ' +
        'INV-\\d+ \\(open\\), INV-\\d+ \\(open\\), INV-\\d+ \\(open\\), INV-\\d+ \\(disputed\\), INV-\\d+ \\(disputed\\)',
    ),
  );
  // Issue 30: the same three lines (3 × "1,250.50" at 18 %, 2.5 kg × "480.00" at 5 %, 2 × "350" at 0 %) to a client
  // in the supplier's state and to one in Karnataka. By hand: taxable 3,751.50 + 1,200.00 + 700.00 = 5,651.50;
  // within the state CGST = SGST = 337.635 → 337.64 + 30.00 = 367.64 each; across, IGST 675.27 + 60.00 = 735.27.
  const gst = [
    /^\[\s?\d+\] Zapier: GST invoice within Maharashtra: (INV-\d+): ₹5,651\.50 \+ CGST ₹367\.64 \+ SGST ₹367\.64 \(\d+ ms\)$/m,
    /^\[\s?\d+\] n8n: GST invoice to Karnataka: (INV-\d+): ₹5,651\.50 \+ IGST ₹735\.27 \(\d+ ms\)$/m,
  ].map((pattern) => pattern.exec(stdout));
  expect(gst).not.toContain(null);
  const [intra, inter] = gst.map((match) => match![1]);
  const totals = [
    `  GST:        ${intra} from Zapier, within Maharashtra: ₹5,651.50 + CGST ₹367.64 + SGST ₹367.64 = ₹6,386.78`,
    `              ${inter} from n8n, to Karnataka: ₹5,651.50 + IGST ₹735.27 = ₹6,386.77`,
  ];
  for (const line of totals) expect(printed.split('\n')).toContain(line);
  for (const line of [...gst.map((match) => match![0]), ...totals]) expect(line.length).toBeLessThanOrEqual(120);
  expect(stdout).toMatch(
    new RegExp(
      `Webhooks: +Zapier ${EVENT_TYPES.length} \\(one per trigger\\), n8n 1 \\(all ${EVENT_TYPES.length} events\\); ` +
        '0 remain after clean-up',
    ),
  );
  // Issue 29: due by terms, a planted failed send, the overdue invoice listed with its UPI link, the PDF, a void.
  expect(stdout).toMatch(/Payment Terms "Net 7".*: INV-\d+ ₹18,000\.00, due \d{4}-\d\d-\d\d, UPI link included/);
  expect(stdout).toMatch(/failed: not_on_whatsapp, "The client's number has no WhatsApp account/);
  expect(stdout).toMatch(/Invoice Overdue by Days \(3\) lists it.*: INV-\d+, 3 days overdue, ₹18,000\.00/);
  expect(stdout).toMatch(/reminder sent for INV-\d+/);
  expect(stdout).toMatch(/Download Invoice PDF.*: INV-\d+\.pdf, \d+ bytes of application\/pdf/);
  expect(stdout).toMatch(/Void Invoice .*: INV-\d+ void, ₹0\.00 owed/);
  // Issue 16's flows, with the payment found by UTR being the Zapier invoice's own UPI payment.
  expect(stdout).toMatch(/client\.created +ravi\.kumar@example\.com +evt_\w+ +received, verified +received, verified/);
  const payments =
    /Payments: +₹1,000\.00 bank transfer \(reference HDFCN52026112012345\) recorded from n8n on (INV-\d+); UPI payment ₹14,900\.00 found from Zapier by its UTR (\d{12}) on (INV-\d+)/.exec(
      stdout,
    );
  expect(payments).not.toBeNull();
  expect(stdout).toContain(`Invoices:   ${payments![3]} ₹14,900.00 (2 line items) from Zapier; ${payments![1]}`);
  expect(stdout).toMatch(
    new RegExp(
      `Find Payment by the UPI reference \\(UTR\\) a bank statement shows: UTR ${payments![2]} → pay_\\w+ ₹14,900\\.00`,
    ),
  );
  expect(stdout).toMatch(/Zapier: no record, logged "Webhook refused: .+"; n8n: 401 /);
  // Issue 21: a client picked from Create Invoice's dropdown, amounts typed as people write them.
  expect(stdout).toMatch(
    /Zapier: Create Invoice, the Client dropdown \(existing clients to pick from\): picked "Ana Sharma · ana\.sharma@example\.com"/,
  );
  expect(stdout).toMatch(/amounts typed "12,500\.00" and "2,400\.00".*: INV-\d+ ₹14,900\.00, 2 line items/);
  expect(stdout).toMatch(/amounts typed "4,500\.00", "1,500\.00", "999".*: INV-\d+ ₹6,999\.00, 3 line items/);
  expect(stdout).toMatch(/^Result: OK, every step worked\.$/m);
  return { zapier, n8n };
}

beforeAll(() => {
  // npm test builds zapier/dist first; a lone `npx jest test/demo` may not have.
  if (!existsSync(path.join(root, 'zapier', 'dist', 'index.js')))
    execFileSync(process.execPath, ['zapier/build.mjs'], { cwd: root });
  execFileSync(process.execPath, ['demo/build.mjs'], { cwd: root });
});

test(
  'npm run demo: both platforms receive all fifteen events once, in order; a transfer recorded, a UPI payment found; everything cleaned up',
  async () => {
    const outcome = await runDemo();
    const { zapier, n8n } = expectCompleteRun(outcome);
    expect([zapier.repeats, n8n.repeats]).toEqual([0, 0]);
    expect(outcome.stdout).toMatch(
      /Order: +Zapier got the events in the order they happened, n8n in the order they happened/,
    );
    expect(outcome.stdout).toMatch(/API calls: +Zapier \d+ \(0 answered 429\); n8n \d+ \(0 answered 429\)/);
  },
  RUN_BUDGET_MS,
);

test(
  'with --faults (duplicates, shuffled order, 429s) every event still arrives once per platform and each repeat is recognised',
  async () => {
    // With half the deliveries sent twice over 30 deliveries, a run without any duplicate is a 1-in-10^9 event.
    const outcome = await runDemo(['--faults']);
    const { zapier, n8n } = expectCompleteRun(outcome);
    expect(outcome.stdout).toContain('faults on (duplicate=0.5,shuffle,429=0.1)');
    expect(zapier.repeats + n8n.repeats).toBeGreaterThan(0);
    expect(outcome.stdout).toMatch(
      /API calls: +Zapier \d+ \(\d+ answered 429[^)]*\); n8n \d+ \(\d+ answered 429[^)]*\)/,
    );
  },
  RUN_BUDGET_MS,
);

test(
  'a failing step stops the demo with exit 1, the step and the reason, and no stack trace',
  async () => {
    const outcome = await runDemo([], { DEMO_FAULTS: '5xx=1' });
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/^Demo FAILED: step 4 \(Zapier: connect .*\) failed: .*HTTP 500/m);
    expect(outcome.stdout).not.toMatch(/^\s+at /m);
    expect(outcome.stdout).not.toContain('Result: OK');
  },
  RUN_BUDGET_MS,
);

test('a bad fault spec is refused before anything starts', async () => {
  const outcome = await runDemo([], { DEMO_FAULTS: 'duplicates=2' });
  expect(outcome.code).toBe(1);
  expect(outcome.stdout).toMatch(/Demo FAILED: Unknown fault "duplicates"/);
  expect(outcome.stdout).not.toMatch(/\[ 1\]/);
});

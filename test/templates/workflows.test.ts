/**
 * Every n8n template in templates/ as a file a user imports: no secrets and no credential ids in it, the
 * sticky notes that say what to set up, our nodes as types the built package declares with parameters they
 * show and accept, expressions that read only nodes the workflow has and fields our trigger's record has.
 * That n8n's own node types exist at the versions used is checked in the real server (test/live/templates.live.ts):
 * n8n-nodes-base is not a dependency here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INode, type INodeType } from 'n8n-workflow';

import { EVENT_TYPES, flattenEvent, sampleEventsByType } from '../../shared';
import { setUp, type Setup } from '../n8n/support';

const TEMPLATES = path.resolve(__dirname, '../../templates');
const OURS = 'n8n-nodes-invoicing-api.';
const BUILT_IN = 'n8n-nodes-base.';

interface WorkflowFile {
  name: string;
  nodes: Array<INode & { credentials?: unknown }>;
  connections: Record<string, { main: Array<Array<{ node: string }>> }>;
  meta?: { templateCredsSetupCompleted?: boolean };
}

const slugs = readdirSync(TEMPLATES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const files = slugs.map((slug) => {
  const text = readFileSync(path.join(TEMPLATES, slug, 'workflow.json'), 'utf8');
  return { slug, text, workflow: JSON.parse(text) as WorkflowFile };
});

let s: Setup;
beforeAll(async () => {
  s = await setUp();
}, 120_000);
afterAll(async () => {
  await s.close();
});

test("all eight of the issue's templates are here", () => {
  expect(slugs).toEqual([
    '01-order-to-whatsapp-invoice',
    '02-overdue-reminders',
    '03-upi-payment-ledger-and-thanks',
    '04-bulk-invoices-from-csv',
    '05-dispute-alert',
    '06-daily-receivables-digest',
    '07-two-way-contact-sync',
    '08-invoice-pdf-by-email',
    '09-monthly-gstr1-to-accountant',
    '10-return-credit-note-refund',
    '11-catalogue-sync',
  ]);
});

describe.each(files)('$slug', ({ slug, text, workflow }) => {
  const nodes = workflow.nodes.filter((node) => node.type !== `${BUILT_IN}stickyNote`);
  const stickies = workflow.nodes.filter((node) => node.type === `${BUILT_IN}stickyNote`);

  test("shows itself in its README: canvas.png, the real editor's picture of it, beside it", () => {
    const png = readFileSync(path.join(TEMPLATES, slug, 'canvas.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(readFileSync(path.join(TEMPLATES, slug, 'README.md'), 'utf8')).toMatch(/!\[[^\]]+\]\(canvas\.png\)/);
  });

  test('holds no secret: no API key, signing secret, bearer token or credential', () => {
    expect(text).not.toMatch(
      /ik_(test|live)_[A-Za-z0-9]{6,}|whsec_[A-Za-z0-9+/]{6,}|sk_(test|live)_[A-Za-z0-9]{6,}|bearer\s+\w|xox[bp]-|hooks\.slack\.com\/services\/T[0-9A-Z]{6,}/i,
    );
    expect(workflow.nodes.filter((node) => 'credentials' in node).map((node) => node.name)).toEqual([]);
    expect(workflow.meta?.templateCredsSetupCompleted).toBe(false);
    expect(workflow).not.toHaveProperty('id');
  });

  test('has an "About" sticky note that says what it does and how to set it up, and names each node it asks to change', () => {
    const about = stickies.find((node) => node.name === 'About This Workflow');
    const content = String(about?.parameters.content ?? '');
    expect(content).toMatch(/^## /);
    expect(content).toContain('### Set up');
    expect(content).toMatch(/credential/i);
    for (const http of nodes.filter((node) => node.type === `${BUILT_IN}httpRequest`)) {
      // Each outside service's node is named in a note that tells the user to replace its URL.
      expect(
        stickies.some(
          (note) =>
            String(note.parameters.content).includes(http.name) && /replace/i.test(String(note.parameters.content)),
        ),
      ).toBe(true);
      expect(String(http.parameters.url)).toMatch(/example\.com|\.example\b|YOUR/);
    }
  });

  test('names its nodes uniquely and for what they do, and connects only nodes it has', () => {
    const names = workflow.nodes.map((node) => node.name);
    expect(new Set(names).size).toBe(names.length);
    // n8n's default names ("HTTP Request", "Code1") say nothing; a template renames every node.
    expect(
      names.filter((name) => /^(HTTP Request|Code|Webhook|Edit Fields|Schedule Trigger|Invoicing API)\d*$/.test(name)),
    ).toEqual([]);
    const edges = Object.entries(workflow.connections).flatMap(([from, { main }]) =>
      main.flat().map(({ node }) => [from, node]),
    );
    expect(edges.length).toBeGreaterThan(0);
    expect(edges.flat().filter((name) => !names.includes(name))).toEqual([]);
    // Every node but the triggers has something leading into it.
    const fed = new Set(edges.map(([, to]) => to));
    const triggers = nodes.filter((node) => /[Tt]rigger$|\.webhook$/.test(node.type)).map((node) => node.name);
    expect(
      nodes.filter((node) => !triggers.includes(node.name) && !fed.has(node.name)).map((node) => node.name),
    ).toEqual([]);
  });

  test("uses only n8n's built-in nodes and ours; ours as the built package declares them, with parameters they show and accept", () => {
    expect(
      workflow.nodes
        .filter((node) => !node.type.startsWith(OURS) && !node.type.startsWith(BUILT_IN))
        .map((node) => node.type),
    ).toEqual([]);
    for (const node of nodes.filter((candidate) => candidate.type.startsWith(OURS))) {
      const type = s.pkg.nodeTypes.getByNameAndVersion(
        `${s.pkg.packageName}.${node.type.slice(OURS.length)}`,
        node.typeVersion,
      ) as INodeType;
      expect({ node: node.name, declared: Boolean(type) }).toEqual({ node: node.name, declared: true });
      const { description } = type;
      expect({
        node: node.name,
        issues: NodeHelpers.getNodeParametersIssues(description.properties, node, description),
      }).toEqual({ node: node.name, issues: null });
      const shown =
        NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
      expect({ node: node.name, unshown: Object.keys(node.parameters).filter((key) => !(key in shown)) }).toEqual({
        node: node.name,
        unshown: [],
      });
    }
  });

  test("only a Code node reads a Code node's items by name (n8n 1.x's defaults give others nothing)", () => {
    // n8n 1.123.81 runs Code nodes in-process (task runners off) and expressions in an isolate that cannot
    // copy their items: `$('Code node').item` there is a TypeError the expression turns into an empty value.
    const code = new Set(nodes.filter((node) => node.type === `${BUILT_IN}code`).map((node) => node.name));
    const reads = nodes
      .filter((node) => node.type !== `${BUILT_IN}code`)
      .flatMap((node) =>
        [...JSON.stringify(node.parameters).matchAll(/\$\(\\?["']([^"'\\]+)\\?["']\)/g)]
          .filter((match) => code.has(match[1]))
          .map((match) => `${node.name} reads ${match[1]}`),
      );
    expect(reads).toEqual([]);
  });

  test("its expressions read only nodes it has, and only fields our trigger's record has", () => {
    const names = new Set(workflow.nodes.map((node) => node.name));
    const referenced = [...text.matchAll(/\$\('([^']+)'\)/g)].map((m) => m[1]);
    expect(referenced.filter((name) => !names.has(name))).toEqual([]);
    for (const trigger of nodes.filter((node) => node.type === `${OURS}invoicingApiTrigger`)) {
      const events = trigger.parameters.events as string[];
      expect(events.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type))).toEqual([]);
      const records = events.map((type) => flattenEvent(sampleEventsByType[type as keyof typeof sampleEventsByType]));
      // Fields read by name from the trigger, and as $json in the nodes it feeds directly or through an IF or
      // a Filter (which pass their input on unchanged).
      const next = new Set<string>();
      for (const from = [trigger.name]; from.length; ) {
        for (const { node: name } of workflow.connections[from.pop()!]?.main.flat() ?? []) {
          if (next.has(name)) continue;
          next.add(name);
          const type = nodes.find((node) => node.name === name)?.type;
          if (type === `${BUILT_IN}if` || type === `${BUILT_IN}filter`) from.push(name);
        }
      }
      const direct = nodes
        .filter((node) => next.has(node.name))
        .flatMap((node) => [...JSON.stringify(node.parameters).matchAll(/\$json\.(\w+)/g)].map((m) => m[1]));
      const named = [...text.matchAll(new RegExp(`\\$\\('${trigger.name}'\\)\\.item\\.json\\.(\\w+)`, 'g'))].map(
        (m) => m[1],
      );
      const read = [...new Set([...direct, ...named])];
      expect(read.length).toBeGreaterThan(0);
      expect({ slug, missing: read.filter((field) => records.some((record) => !(field in record))) }).toEqual({
        slug,
        missing: [],
      });
    }
  });
});

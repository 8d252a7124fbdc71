/**
 * package-facts.json is the one place a publisher edits who publishes the packages; `npm run facts` writes it
 * into every file npm, n8n-node and the marketplaces read it from. These fail while one of those differs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { expectedFiles } = require('../../scripts/package-facts.js');
const facts = JSON.parse(readFileSync(path.join(root, 'package-facts.json'), 'utf8'));
const differing = (files: Record<string, string>) =>
  Object.entries(files)
    .filter(([file, text]) => readFileSync(path.join(root, file), 'utf8') !== text)
    .map(([file]) => file);

test('the Zapier and n8n packages, the codex links and the credential say what package-facts.json says', () => {
  expect({ differing: differing(expectedFiles()), fix: 'npm run facts' }).toEqual({
    differing: [],
    fix: 'npm run facts',
  });
  const n8n = JSON.parse(readFileSync(path.join(root, 'n8n/package.json'), 'utf8'));
  const zapier = JSON.parse(readFileSync(path.join(root, 'zapier/package.json'), 'utf8'));
  expect(n8n.author).toEqual(facts.author);
  expect(zapier.author).toEqual(facts.author);
  expect(n8n.repository).toEqual({ type: 'git', url: `git+${facts.repository}.git`, directory: 'n8n' });
  expect(n8n.keywords.slice(0, 1)).toEqual(['n8n-community-node-package']);
});

test('a changed fact is a difference in every file that carries it', () => {
  const moved = { ...facts, homepage: 'https://help.example.org/connectors', repository: 'https://git.example.org/x' };
  expect(differing(expectedFiles(moved)).sort()).toEqual(
    [
      'n8n/credentials/InvoicingApi.credentials.ts',
      'n8n/nodes/InvoicingApi/InvoicingApi.node.json',
      'n8n/nodes/InvoicingApiPollingTrigger/InvoicingApiPollingTrigger.node.json',
      'n8n/nodes/InvoicingApiTrigger/InvoicingApiTrigger.node.json',
      'n8n/package.json',
      'zapier/package.json',
    ].sort(),
  );
});

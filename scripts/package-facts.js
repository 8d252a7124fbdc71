// The facts a marketplace reviewer reads about who publishes the packages (author, homepage, repository, bugs,
// keywords) live in package-facts.json alone; `npm run facts` writes them into zapier/ and n8n/ package.json, the
// n8n codex files' documentation links and the credential's documentationUrl, which npm, n8n-node and n8n read
// from those files and nowhere else. test/scripts/packageFacts.test.ts fails while any of them differs.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** Each part's own words on top of the shared facts: its folder, its homepage and its marketplace keywords. */
const PARTS = {
  zapier: { keywords: ['zapier'] },
  n8n: { keywords: ['n8n-community-node-package', 'n8n'] },
};

/** The n8n files that link to the documentation, each link kept on its own anchor. */
const CODEX = ['InvoicingApi', 'InvoicingApiTrigger', 'InvoicingApiPollingTrigger'].map(
  (name) => `n8n/nodes/${name}/${name}.node.json`,
);
const CREDENTIALS = 'n8n/credentials/InvoicingApi.credentials.ts';

const withAnchor = (base, url) => base + (url.includes('#') ? url.slice(url.indexOf('#')) : '');

/** Every file's text as the facts make it: { 'n8n/package.json': '…', … }. */
function expectedFiles(facts = JSON.parse(read('package-facts.json'))) {
  const files = {};
  for (const [part, own] of Object.entries(PARTS)) {
    const file = `${part}/package.json`;
    const manifest = JSON.parse(read(file));
    const placed = {
      ...manifest,
      homepage: `${facts.homepage}/${part}`,
      author: facts.author,
      repository: { type: 'git', url: `git+${facts.repository}.git`, directory: part },
      bugs: { url: `${facts.repository}/issues` },
      keywords: [...own.keywords, ...facts.keywords],
    };
    files[file] = `${JSON.stringify(placed, null, 2)}\n`;
  }
  const n8nHome = `${facts.homepage}/n8n`;
  // Only the links change, so the codex files keep their formatting.
  for (const file of CODEX) {
    files[file] = read(file).replace(/"url": "([^"]*)"/g, (_, url) => `"url": "${withAnchor(n8nHome, url)}"`);
  }
  files[CREDENTIALS] = read(CREDENTIALS).replace(
    /documentationUrl = '([^']*)'/,
    (_, url) => `documentationUrl = '${withAnchor(n8nHome, url)}'`,
  );
  return files;
}

module.exports = { expectedFiles };

if (require.main === module) {
  const changed = Object.entries(expectedFiles()).filter(([file, text]) => read(file) !== text);
  for (const [file, text] of changed) fs.writeFileSync(path.join(root, file), text);
  console.log(changed.length ? `wrote ${changed.map(([file]) => file).join(', ')}` : 'every file already agrees');
}

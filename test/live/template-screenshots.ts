/**
 * Pictures of each template (templates/*\/workflow.json) on the real n8n canvas, saved as
 * templates/<template>/canvas.png for templates/README.md: the cached n8n server (install-n8n.mjs) with the
 * packed package, each file imported as it is (no credential picked: what a user sees right after the
 * import), opened in headless Chromium and fitted to the view. Run after `npm run build`:
 *
 *   esbuild test/live/template-screenshots.ts --bundle --platform=node --target=node22 --packages=external \
 *     --outfile=node_modules/.cache/live/template-screenshots.js && node node_modules/.cache/live/template-screenshots.js
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { runScript, signedInPage, startEditor } from './editor-browser';
import { PACKAGE } from './workflows';

const root = path.resolve(__dirname, '..', '..', '..');
const templates = path.join(root, 'templates');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const tarball = path.join(root, 'release', `${PACKAGE}-${version}.tgz`);

async function main(): Promise<void> {
  const { n8n, browser, close } = await startEditor('template-screenshots', tarball);
  try {
    const page = await signedInPage(browser, n8n, { width: 1600, height: 900 });
    const slugs = readdirSync(templates, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const slug of slugs) {
      const workflow = JSON.parse(readFileSync(path.join(templates, slug, 'workflow.json'), 'utf8'));
      const { id } = await n8n.createWorkflow(workflow);
      await page.goto(`${n8n.url}/workflow/${id}`);
      await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1500);
      // n8n's "zoom to fit" shortcut, on the canvas itself.
      await page.mouse.click(1500, 850);
      await page.keyboard.press('1');
      await page.waitForTimeout(1500);
      const file = path.join(templates, slug, 'canvas.png');
      await page.screenshot({ path: file });
      process.stdout.write(`saved templates/${slug}/canvas.png\n`);
    }
  } finally {
    await close();
  }
}

runScript(main);

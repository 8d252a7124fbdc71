/**
 * Pictures of each template (templates/*\/workflow.json) on the real n8n canvas, saved as
 * templates/<template>/canvas.png for its README: the cached n8n server (install-n8n.mjs) with the
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

const WIDTH = 1600;
/** What the editor draws around the canvas (side bar; header, the Execute button and the Logs bar). */
const CHROME = { x: 100, y: 280 };

interface Placed {
  type: string;
  position: [number, number];
  parameters: { width?: number; height?: number };
}

/**
 * The picture's height for a workflow: the shape of its nodes and notes (a node about 100 wide and 140 tall
 * with its name), so n8n's zoom to fit fills the picture and a wide row of nodes is not drawn tiny.
 */
function heightFor(nodes: Placed[]): number {
  const boxes = nodes.map(({ type, position: [x, y], parameters }) =>
    type.endsWith('.stickyNote')
      ? [x, y, x + (parameters.width ?? 240), y + (parameters.height ?? 160)]
      : [x, y, x + 100, y + 140],
  );
  const width = Math.max(...boxes.map((box) => box[2])) - Math.min(...boxes.map((box) => box[0]));
  const height = Math.max(...boxes.map((box) => box[3])) - Math.min(...boxes.map((box) => box[1]));
  return Math.min(1100, Math.max(560, Math.round((height / width) * (WIDTH - CHROME.x)) + CHROME.y));
}

async function main(): Promise<void> {
  const { n8n, browser, close } = await startEditor('template-screenshots', tarball);
  try {
    const page = await signedInPage(browser, n8n, { width: WIDTH, height: 900 });
    const slugs = readdirSync(templates, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const slug of slugs) {
      const workflow = JSON.parse(readFileSync(path.join(templates, slug, 'workflow.json'), 'utf8'));
      const { id } = await n8n.createWorkflow(workflow);
      await page.setViewportSize({ width: WIDTH, height: heightFor(workflow.nodes) });
      await page.goto(`${n8n.url}/workflow/${id}`);
      await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1500);
      // n8n's "zoom to fit" button, after the viewport changed.
      await page.locator('[data-test-id="zoom-to-fit"]').click();
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

/**
 * `npm run review-kit -- --video`: the short demo n8n's reviewers ask for, recorded from a real n8n server and its
 * editor (the cached n8n, headless Chromium) against the local sandbox: the package installed from the tarball
 * `npm pack` makes of n8n/, the credential's test passing, Create Invoice run, the trigger firing on a payment.
 * Each moment is a screenshot with its caption drawn on the page; ffmpeg holds each for its seconds and writes
 * n8n-demo.mp4 beside the frames and the script (n8n-demo-video.md) in the review kit's folder.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { signedInPage, startEditor } from './editor-browser';
import { eventually } from './processes';
import { happen, liveSandbox, newInvoice, sandboxKey } from './sandbox';
import { CREDENTIAL, TRIGGER, manualWorkflow, triggerWorkflow } from './workflows';

interface Moment {
  file: string;
  seconds: number;
  caption: string;
}

// Reviewers watch, not read: long enough to read a caption twice, short enough to stay well under 5 minutes.
const HOLD = 8;

/** The ffmpeg the video needs, or how to get it: the frames and the script are written either way. */
export function ffmpegMissing(): string | undefined {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0) return undefined;
  return 'ffmpeg not found: install it (Debian/Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg)';
}

/** The caption as a bar over the bottom of the page, so it is in the frame itself. */
async function caption(page: Page, text: string): Promise<void> {
  await page.locator('body').evaluate((body, words) => {
    const document = body.ownerDocument;
    document.getElementById('review-kit-caption')?.remove();
    const bar = document.createElement('div');
    bar.id = 'review-kit-caption';
    bar.textContent = words;
    bar.style.cssText =
      'position:fixed;left:0;right:0;bottom:0;z-index:2147483647;padding:14px 24px;font:500 22px sans-serif;' +
      'color:#fff;background:rgba(20,20,30,.88);text-align:center';
    body.appendChild(bar);
  }, text);
}

/** An n8n tarball packed from the working tree's n8n/, as `npm pack` makes it for npm. */
function packN8n(root: string, into: string): string {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'n8n'), stdio: 'pipe' });
  const npm = process.env.npm_execpath;
  const args = ['pack', '--pack-destination', into, '--json'];
  const packed = execFileSync(npm ? process.execPath : 'npm', npm ? [npm, ...args] : args, {
    cwd: path.join(root, 'n8n'),
    encoding: 'utf8',
  });
  return path.join(into, JSON.parse(packed)[0].filename);
}

export async function recordDemoVideo(root: string, out: string): Promise<void> {
  const missing = ffmpegMissing();
  const frames = path.join(out, 'n8n-demo-frames');
  rmSync(frames, { recursive: true, force: true });
  mkdirSync(frames, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'review-kit-video-'));
  const tarball = packN8n(root, work);
  const sandbox = await liveSandbox();
  const { n8n, browser, close } = await startEditor('demo-video', tarball);
  const moments: Moment[] = [];
  try {
    const page = await signedInPage(browser, n8n, { width: 1440, height: 900 });
    const shoot = async (text: string, seconds = HOLD) => {
      await caption(page, text);
      const file = `${String(moments.length + 1).padStart(2, '0')}.png`;
      await page.screenshot({ path: path.join(frames, file) });
      moments.push({ file, seconds, caption: text });
    };
    const { version } = JSON.parse(readFileSync(path.join(root, 'n8n', 'package.json'), 'utf8'));
    const name = path.basename(tarball);

    // 1. Installed from the tarball: the nodes are in the editor's node panel.
    await page.goto(`${n8n.url}/workflow/new`);
    await page.locator('[data-test-id="canvas-plus-button"], [data-test-id="canvas-add-button"]').first().click();
    await page.keyboard.type('Invoicing', { delay: 60 });
    await page.waitForTimeout(1500);
    await shoot(`${name} installed into ~/.n8n/nodes on n8n ${n8n.install.version}: its nodes in the node panel`);

    // 2. The credential: saved with the sandbox's base URL and test key, then tested as the editor tests it.
    const data = { apiKey: sandboxKey(sandbox), baseUrl: sandbox.baseUrl };
    const credential = await n8n.createCredential('Invoicing API (sandbox)', CREDENTIAL, data);
    await page.goto(`${n8n.url}/home/credentials/${credential.id}`);
    const modal = page.locator('[data-test-id="editCredential-modal"]').first();
    await modal.waitFor({ timeout: 30_000 });
    await modal
      .getByText(/tested successfully/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await shoot("Credentials → Invoicing API: the sandbox's base URL and test key; the credential test passes");

    // 3. Create Invoice, run from its panel.
    const action = await n8n.createWorkflow(
      manualWorkflow('Invoice from an order', credential, {
        'Create Invoice': {
          resource: 'invoice',
          operation: 'create',
          currency: 'INR',
          itemsInput: 'fields',
          client_email: { __rl: true, mode: 'id', value: 'ana@example.com' },
          items: { item: [{ description: 'Website design, May', amount: '15,000.00' }] },
        },
      }),
    );
    await page.goto(`${n8n.url}/workflow/${action.id}`);
    const node = page.locator('[data-test-id="canvas-node"]', { hasText: 'Create Invoice' }).first();
    await node.waitFor({ timeout: 60_000 });
    // The action node is offered once a workflow has its trigger (an empty canvas offers triggers only).
    await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
    await page.keyboard.type('Invoicing', { delay: 60 });
    await page.waitForTimeout(1500);
    // n8n lists an app's node and its trigger as one entry; opening it shows the node's actions.
    await page.getByText('Invoicing API', { exact: true }).first().click();
    await page.waitForTimeout(1500);
    await shoot('In a workflow, Invoicing API opened in the node panel: its actions, resource by resource');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
    await node.dblclick();
    const ndv = page.locator('[data-test-id="ndv"]').first();
    await ndv.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await shoot('Invoicing API → Invoice → Create: a client e-mail, INR, one line of ₹15,000.00');
    await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
    await ndv
      .getByText(/^\d+ items?$/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await ndv.getByText('JSON', { exact: true }).last().click();
    await page.waitForTimeout(1000);
    await shoot('Execute step: the invoice is created on the sandbox (INV-000001, open) and handed on as JSON');

    // 4. The trigger, active, fires on a UPI payment made on the sandbox.
    const trigger = await n8n.createWorkflow(triggerWorkflow('When an invoice is paid', credential, ['invoice.paid']));
    await n8n.activate(trigger.id);
    await page.goto(`${n8n.url}/workflow/${trigger.id}`);
    await page.locator('[data-test-id="canvas-node"]', { hasText: TRIGGER }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    // n8n's first-run checklist covers the canvas's corner; a reviewer's own n8n shows it too, closed here.
    await page.keyboard.press('Escape');
    await shoot('Invoicing API Trigger on Invoice Paid, workflow active (published): it subscribed to the service');
    const invoiceId = await newInvoice(sandbox, 'ravi@example.com');
    await happen(sandbox, invoiceId, 'invoice.paid');
    const [execution] = await eventually('the payment execution', 60, async () => {
      const list = await n8n.executions(trigger.id);
      return list.length ? list : undefined;
    });
    await page.goto(`${n8n.url}/workflow/${trigger.id}/executions/${execution.id}`);
    await page
      .getByText(/succeeded|success/i)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(2500);
    await shoot(`A ₹300.00 UPI payment on the sandbox (as npm start -- pay makes one): the trigger fired`);
    await page.locator('[data-test-id="canvas-node"]', { hasText: TRIGGER }).first().dblclick();
    await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    await shoot(`That execution's trigger: the invoice.paid event for ${invoiceId}, as the workflow receives it`);
    process.stdout.write(`frames: ${moments.length} in ${path.relative(root, frames)} (package ${version})\n`);
  } finally {
    await close();
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
  writeScript(out, moments);
  if (missing) throw new Error(`${missing}; then run npm run review-kit -- --video again`);
  assemble(frames, moments, path.join(out, 'n8n-demo.mp4'));
}

/** The frames held for their seconds, one after another, as an H.264 video any player plays. */
function assemble(frames: string, moments: Moment[], video: string): void {
  const list = path.join(frames, 'frames.txt');
  const lines = moments.flatMap((moment) => [`file '${moment.file}'`, `duration ${moment.seconds}`]);
  // The concat demuxer holds the last frame only if it is named once more after its duration.
  writeFileSync(list, [...lines, `file '${moments.at(-1)!.file}'`, ''].join('\n'));
  execFileSync(
    'ffmpeg',
    ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', 'fps=10,format=yuv420p'].concat([
      '-c:v',
      'libx264',
      '-movflags',
      '+faststart',
      video,
    ]),
    { stdio: 'inherit' },
  );
  const seconds = moments.reduce((sum, moment) => sum + moment.seconds, 0);
  process.stdout.write(`video: ${video} (${seconds} s, ${moments.length} frames)\n`);
}

/** The video's script: each moment's time, its caption and its frame, so a reviewer can read what they watch. */
function writeScript(out: string, moments: Moment[]): void {
  let at = 0;
  const rows = moments.map((moment) => {
    const row = `| ${Math.floor(at / 60)}:${String(at % 60).padStart(2, '0')} | ${moment.caption} | ${moment.file} |`;
    at += moment.seconds;
    return row;
  });
  const text = ['# The n8n demo video: its script', '', '| At | Shown | Frame |', '| --- | --- | --- |', ...rows, ''];
  writeFileSync(path.join(out, 'n8n-demo-video.md'), text.join('\n'));
}

/**
 * What the scripts that photograph the real n8n editor share: the cached n8n server with the packed package,
 * headless Debian Chromium, a page signed in as the owner.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { installPackage, N8nServer, OWNER } from './n8n-server';

export interface Editor {
  n8n: N8nServer;
  browser: Browser;
  close(): Promise<void>;
}

/** The cached n8n (install-n8n.mjs) in a folder of its own, with `tarball` installed as n8n's installer does, its owner set up. */
export async function startEditor(name: string, tarball: string): Promise<Editor> {
  const { installN8n } = await import('./install-n8n.mjs');
  const work = mkdtempSync(path.join(tmpdir(), `invoicing-${name}-`));
  const n8n = await N8nServer.create(await installN8n(), path.join(work, 'n8n'));
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await n8n.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    installPackage(n8n.userFolder, tarball);
    await n8n.start();
    await n8n.setUpOwner();
  } catch (error) {
    await close();
    throw error;
  }
  return { n8n, browser, close };
}

export async function launchChromium(): Promise<Browser> {
  return await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A page of `browser` signed in to `n8n` as the owner, as a user signs in. */
export async function signedInPage(
  browser: Browser,
  n8n: N8nServer,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(`${n8n.url}/signin`);
  await page.locator('input[type="email"], input[name="emailOrLdapLoginId"]').first().fill(OWNER.email);
  await page.locator('input[type="password"]').first().fill(OWNER.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
  return page;
}

/** Runs a script's `main` and ends the process with its outcome (n8n's and the sandbox's handles would keep it alive). */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}

// Debian's chromium driven by playwright-core (no browser download): the path comes from CHROMIUM or the PATH.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { before, after } from 'node:test';
import { fileURLToPath } from 'node:url';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
export const ARTIFACTS = new URL('../target/', import.meta.url);

function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name]).toString().trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('no chromium on PATH (./scaleout test installs Debian\'s chromium)');
}

/** One browser for a test file's tests (started before them, closed after); the artifacts' folder made. */
export function browserForTests() {
  const shared = { browser: null };
  before(async () => {
    mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true });
    shared.browser = await launch();
  });
  after(async () => shared.browser?.close());
  return shared;
}

export async function launch() {
  // --no-sandbox: the tests run as root in a container, where Chromium's sandbox cannot start
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'] });
}

/** A page of its own (own storage: own login) at a phone's or a desktop's size. */
export async function newPage(browser, viewport = { width: 1024, height: 800 }) {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

export function unique(prefix) {
  return (prefix + Math.random().toString(36).slice(2)).slice(0, 15);
}

import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { RunningServer } from './start-server.ts';

/** The top-level agent the journeys' server is started with. */
export const ADMIN = { mobile: '13700000001', password: 'admin-pass-1' };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

export interface Journey {
  server: RunningServer;
  browser: Browser;
  /** A fresh browser context (its own storage) with one page at the given path. */
  open(pathname: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  /** The newest SMS code the log provider wrote for a mobile and purpose. */
  smsCode(mobile: string, purpose: string): Promise<string>;
  /** Signs in through the API and answers the manage token. */
  apiLogin(username: string, password: string): Promise<string>;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function createJourney(server: RunningServer, browser: Browser): Journey {
  return {
    server,
    browser,
    async open(pathname) {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        locale: 'zh-CN',
        viewport: { width: 1366, height: 860 },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(pathname);
      return page;
    },
    async screenshot(page, name) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    async smsCode(mobile, purpose) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = await readFile(path.join(server.dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
        const found = text
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { mobile: string; code: string; purpose: string })
          .filter((entry) => entry.mobile === mobile && entry.purpose === purpose)
          .at(-1);
        if (found) return found.code;
        if (Date.now() > deadline) throw new Error(`no ${purpose} SMS for ${mobile}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async apiLogin(username, password) {
      const response = await fetch(`${server.baseUrl}/api/agent/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
  };
}

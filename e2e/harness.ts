import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type TestContext, test } from 'node:test';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Response,
} from 'playwright-core';
import type { RunningServer } from './start-server.ts';

/** The top-level agent the journeys' server is started with. */
export const ADMIN = { mobile: '13700000001', password: 'admin-pass-1' };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
/** E2E_VIEWPORT=1024x768 runs the journeys on a smaller screen; its screenshots get the size in their names. */
const VIEWPORT_ENV = /^(\d+)x(\d+)$/.exec(process.env.E2E_VIEWPORT ?? '');
const VIEWPORT = VIEWPORT_ENV
  ? { width: Number(VIEWPORT_ENV[1]), height: Number(VIEWPORT_ENV[2]) }
  : { width: 1366, height: 860 };
const SCREENSHOT_SUFFIX = VIEWPORT_ENV ? `@${VIEWPORT_ENV[0]}` : '';

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
  /**
   * A new lower-level agent of the admin, signed in through the API: a journey that works as one sees only what it
   * made itself, whatever the other journeys did to the shared server before it.
   */
  newAgent(): Promise<{ id: number; token: string }>;
}

let agentCounter = 0;

/** A custom host an agent may claim (not localhost, not an IP literal), which the browser resolves to 127.0.0.1. */
export const JOURNEY_CUSTOM_HOST = 'live.xinghe.test';
/** A name this machine is reached by, as another machine on the office network would (the board's LAN addresses). */
export const JOURNEY_LAN_HOST = 'studio.yanbo.test';

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
      // The meeting room's camera and microphone: Chromium's test pattern and tone, allowed without asking.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // The branding journey's custom host and the board's LAN name reach this machine's server, as DNS would.
      `--host-resolver-rules=MAP ${JOURNEY_CUSTOM_HOST} 127.0.0.1, MAP ${JOURNEY_LAN_HOST} 127.0.0.1`,
    ],
  });
}

/**
 * Every journey's browser asks for reduced motion, which the console honours by switching antd's animations off: a
 * click never lands on a dialog still zooming into place (on a busy machine its frames are far apart, and such clicks
 * were lost).
 */
const REDUCED_MOTION = 'reduce';

/** The browser contexts a journey opened, so that they are its own to picture on failure and to close after it. */
const journeyScope = new AsyncLocalStorage<BrowserContext[]>();

/** A browser context of the running journey's (Chinese, reduced motion), closed when the journey ends. */
export async function newJourneyContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'zh-CN', reducedMotion: REDUCED_MOTION, ...options });
  journeyScope.getStore()?.push(context);
  return context;
}

/**
 * One journey: a test whose browser contexts are its own. Journeys run side by side (e2e/run.ts), so a journey that
 * fails leaves a picture of every page it still had open (e2e/screenshots/failed-*.png), and whatever it opened is
 * closed after it, whichever way it ended, without touching the journey beside it.
 */
export function journey(name: string, fn: (t: TestContext) => Promise<void>): void {
  test(name, async (t) => {
    const contexts: BrowserContext[] = [];
    await journeyScope.run(contexts, async () => {
      try {
        await fn(t);
      } catch (error) {
        const label = name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40);
        const pages = contexts.flatMap((context) => context.pages());
        for (const [index, page] of pages.entries()) {
          await mkdir(SCREENSHOTS, { recursive: true });
          await page
            .screenshot({ path: path.join(SCREENSHOTS, `failed-${label}-${index}.png`), fullPage: true })
            .catch(() => {});
        }
        throw error;
      } finally {
        await Promise.all(contexts.map((context) => context.close().catch(() => {})));
      }
    });
  });
}

export function createJourney(server: RunningServer, browser: Browser): Journey {
  return {
    server,
    browser,
    async open(pathname) {
      const context = await newJourneyContext(browser, { baseURL: server.baseUrl, viewport: VIEWPORT });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(pathname);
      return page;
    },
    async screenshot(page, name) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}${SCREENSHOT_SUFFIX}.png`), fullPage: true });
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
    async newAgent() {
      agentCounter += 1;
      const admin = await this.apiLogin(ADMIN.mobile, ADMIN.password);
      const mobile = `139${String(Date.now() % 1e6).padStart(6, '0')}${String(agentCounter).padStart(2, '0')}`;
      const password = 'journey-pass-1';
      const response = await fetch(`${server.baseUrl}/api/agent/agent/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          mobile,
          password,
          contact: `旅程 ${agentCounter}`,
          company: `旅程公司 ${agentCounter}`,
        }),
      });
      if (!response.ok) throw new Error(`new agent: ${response.status} ${await response.text()}`);
      const { id } = (await response.json()) as { id: number };
      return { id, token: await this.apiLogin(mobile, password) };
    },
  };
}

/** Calls the API as a signed-in agent; a failure throws with the status and the answer's text. */
export async function api<T = Record<string, unknown>>(
  j: Journey,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${j.server.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The server's answer to the console's next `method` call on a path matching `path` (after /api): a journey waits
 * for it, and asserts its status, before it looks for what the answer changes on screen.
 */
export function answerTo(page: Page, method: string, path: RegExp): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method && path.test(new URL(response.url()).pathname.replace(/^\/api/, '')),
  );
}

/** A phone's viewport and user agent, for the audience's watch page. */
export const PHONE = { width: 375, height: 740 };
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** A mobile of the journeys' own, starting with the prefix (135, 136...), unlike any other journey's at the same time. */
export function journeyMobile(prefix: string): string {
  return `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
}

/**
 * Signs a phone in by SMS in the watch page's sign-in sheet, once whatever opens it has opened it: the mobile, the
 * code the SMS provider sent, 登录.
 */
export async function signInOnPhone(j: Journey, phone: Page, mobile: string): Promise<void> {
  const sheet = phone.getByTestId('watch-sign-in-sheet');
  await sheet.getByLabel('手机号').fill(mobile);
  await sheet.getByRole('button', { name: '获取验证码' }).click();
  await sheet.getByRole('button', { name: /秒后重发/ }).waitFor();
  await sheet.getByLabel('短信验证码').fill(await j.smsCode(mobile, 'viewer'));
  await sheet.getByRole('button', { name: '登录' }).click();
}

/**
 * A viewer on a phone, in a browser context of its own (its own cookies: a viewer of its own), opened at the path.
 * With a nickname, the chat starts with it as the viewer's chosen one.
 */
export async function openPhone(j: Journey, pathname: string, nickname?: string): Promise<Page> {
  const context = await newJourneyContext(j.browser, {
    baseURL: j.server.baseUrl,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: IPHONE_UA,
  });
  if (nickname) await context.addInitScript((name) => localStorage.setItem('yanbo.chatNickname', name), nickname);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(pathname);
  return page;
}

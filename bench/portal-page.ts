import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PNG } from '../apps/server/test/upload-form.ts';
import { ADMIN, launchBrowser } from '../e2e/harness.ts';
import { freePort, type RunningServer, startServer } from '../e2e/start-server.ts';
import { writeSection } from './readme-section.ts';

// The public portal page's first load on a phone (issue 14: "fast on a phone ... against a static HTML page of the
// same content in the same run"): a published page of a header, a banner, a search box, an activity grid, a catalog,
// a countdown, a slogan, a picture with text, a brand and a bottom navigation, opened at /watch/page/{id} (rendered by
// the server for each request) and, as the baseline, the very bytes it answered saved as a file that the same server
// sends from its file store (/files/...). Each figure is the median of RUNS cold loads in a fresh phone-sized context
// (375×740, twice the pixels, a phone's user agent), without throttling and on Chrome's "Slow 4G" (150 ms round
// trips, 1.6 Mbit/s down): bytes over the wire (the document and what it fetched), first paint and first contentful
// paint from the page's own paint timing. The server's time to answer is measured apart, 200 requests each.
//   npm run bench -- portal-page

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SERVER_REQUESTS = 200;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 * 0.9) / 8,
  uploadThroughput: (750e3 * 0.9) / 8,
};
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

interface Load {
  bytes: number;
  requests: number;
  firstPaint: number;
  firstContentfulPaint: number;
}

async function call<T>(server: RunningServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A published page of the admin's, as an organiser would build one; answers its public path. */
async function publishPage(server: RunningServer): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/agent/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const me = await call<{ id: number }>(server, token, 'GET', '/agent/me');
  const activityIds: number[] = [];
  for (let i = 1; i <= 6; i++) {
    activityIds.push((await call<{ id: number }>(server, token, 'POST', '/activity', { name: `分会场直播 ${i}` })).id);
  }
  const catalog = await call<{ id: number }>(server, token, 'POST', '/v3/catalog', { name: '往期精选' });
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'banner.png');
  const uploaded = (await (
    await fetch(`${server.baseUrl}/api/agent/${me.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json()) as { filepath: string };
  const page = await call<{ id: number; link: string }>(server, token, 'POST', '/page', {
    name: '2026 品牌发布会',
    data: {
      config: { share: { title: '2026 品牌发布会', description: '一个页面看全部会场' } },
      components: [
        { id: 'head', type: 'header', title: '2026 品牌发布会', subtitle: '六个会场同步直播' },
        {
          id: 'banner',
          type: 'banner',
          menuArr: activityIds.slice(0, 3).map((activityId, i) => ({
            image: uploaded.filepath,
            title: `第 ${i + 1} 会场`,
            link: { kind: 'activity', activityId },
          })),
        },
        { id: 'search', type: 'search' },
        {
          id: 'list',
          type: 'activity',
          title: '全部会场',
          layout: 'grid',
          source: { kind: 'chosen', activityIds },
        },
        { id: 'catalogs', type: 'catalog', title: '合辑', catalogIds: [catalog.id], layout: 'grid' },
        { id: 'count', type: 'countdown', title: '距离开幕', targetAt: '2030-01-01T02:00:00.000Z' },
        { id: 'slogan', type: 'slogan', text: '连接每一场精彩', fontSize: 22 },
        { id: 'graphic', type: 'graphic', title: '大会介绍', content: '两天议程，六个会场。\n行业专家分享最新实践。' },
        { id: 'brand', type: 'brand', name: '演播科技', description: '专业的直播活动平台' },
      ],
    },
  });
  await call(server, token, 'POST', `/page/${page.id}/homepage/bottom-nav`, {
    enabled: true,
    items: [
      { title: '首页', link: { kind: 'page', pageId: page.id } },
      { title: '直播', link: { kind: 'activity', activityId: activityIds[0] } },
    ],
  });
  await call(server, token, 'PUT', `/page/${page.id}`, { publish: true });
  return page.link;
}

async function coldLoad(browser: Browser, url: string, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_UA,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const paints = await page.waitForFunction(() => {
    const entries = performance.getEntriesByType('paint');
    const fp = entries.find((entry) => entry.name === 'first-paint')?.startTime;
    const fcp = entries.find((entry) => entry.name === 'first-contentful-paint')?.startTime;
    return fp !== undefined && fcp !== undefined ? { fp, fcp } : null;
  });
  const { fp, fcp } = (await paints.jsonValue()) as { fp: number; fcp: number };
  await context.close();
  return { bytes, requests, firstPaint: fp, firstContentfulPaint: fcp };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const summary = (loads: Load[]) => ({
  bytes: median(loads.map((load) => load.bytes)),
  requests: median(loads.map((load) => load.requests)),
  fp: median(loads.map((load) => load.firstPaint)),
  fcp: median(loads.map((load) => load.firstContentfulPaint)),
});

/** The server's own time: SERVER_REQUESTS sequential GETs, median and 95th percentile in ms. */
async function serverTimes(url: string) {
  const times: number[] = [];
  for (let i = 0; i < SERVER_REQUESTS; i++) {
    const start = performance.now();
    // Each request from its own address would be the public limit's concern, not this one's: one client, in turn.
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: median(times), p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
}

export async function benchPortalPage() {
  const server = await startServer({
    ADMIN_MOBILE: ADMIN.mobile,
    ADMIN_PASSWORD: ADMIN.password,
    RTMP_HOST: '127.0.0.1',
    RTMP_PORT: String(await freePort()),
  });
  const browser = await launchBrowser();
  try {
    const link = await publishPage(server);
    const portalUrl = `${server.baseUrl}${link}`;
    // The baseline: the same document, byte for byte, as a file the same server sends.
    const html = await (await fetch(portalUrl)).text();
    await mkdir(path.join(server.dataDir, 'files/bench'), { recursive: true });
    await writeFile(path.join(server.dataDir, 'files/bench/portal-static.html'), html);
    const staticUrl = `${server.baseUrl}/files/bench/portal-static.html`;
    // One warm-up of each, so the server's first-request costs are not in the figures.
    await coldLoad(browser, portalUrl, false);
    await coldLoad(browser, staticUrl, false);
    const results: Record<string, Load[]> = { portal: [], static: [], portalSlow: [], staticSlow: [] };
    for (let run = 0; run < RUNS; run++) {
      results.portal?.push(await coldLoad(browser, portalUrl, false));
      results.static?.push(await coldLoad(browser, staticUrl, false));
      results.portalSlow?.push(await coldLoad(browser, portalUrl, true));
      results.staticSlow?.push(await coldLoad(browser, staticUrl, true));
    }
    const portalServer = await serverTimes(portalUrl);
    const staticServer = await serverTimes(staticUrl);
    const [fast, base, slow, slowBase] = [
      summary(results.portal ?? []),
      summary(results.static ?? []),
      summary(results.portalSlow ?? []),
      summary(results.staticSlow ?? []),
    ];
    const scriptBytes = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1]?.length ?? 0;
    const row = (name: string, s: ReturnType<typeof summary>) =>
      `| ${name} | ${(s.bytes / 1024).toFixed(1)} KB in ${s.requests} | ${s.fp.toFixed(0)} ms | ${s.fcp.toFixed(0)} ms |`;
    const markdown = `## Portal page: a published page's first load on a phone, against the same HTML as a static file

Headless Chromium as a phone (375×740, twice the pixels), ${RUNS} cold loads each (fresh context, empty cache),
alternating; medians. The page (header, 3-picture banner, search, 6 activity cards, a catalog, countdown, slogan,
picture with text, brand, bottom navigation) is served at \`/watch/page/{id}\`, drawn by the server for each request;
the baseline is the very document it answered (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML, its style inline and
${scriptBytes} bytes of inline script) saved as a file the same server sends from \`/files/\`. Bytes are what crossed the wire (headers included: the document and the pictures it
fetched): the portal page goes out compressed as the browser accepts (brotli), the file store sends files as they are;
paints are the page's own paint timing.

| load | bytes (requests) | first paint | first contentful paint |
|---|---|---|---|
${row('portal page, no throttling', fast)}
${row('static file, no throttling', base)}
${row('portal page, Slow 4G (150 ms, 1.6 Mbit/s)', slow)}
${row('static file, Slow 4G (150 ms, 1.6 Mbit/s)', slowBase)}

The server's answer, ${SERVER_REQUESTS} requests in turn from one client: the portal page ${portalServer.p50.toFixed(1)} ms
median (${portalServer.p95.toFixed(1)} ms at the 95th percentile: the published page and its cards read, the document
drawn and hashed for its ETag), the static file ${staticServer.p50.toFixed(1)} ms (${staticServer.p95.toFixed(1)} ms).
The static copy's inline script is refused by the file store's policy (it starts only the countdown, the carousel and
the search, after the first paint), so the paints compare the same document without it.`;
    console.log(markdown);
    await writeSection('portal-page', markdown);
  } finally {
    await browser.close();
    await server.stop();
  }
}

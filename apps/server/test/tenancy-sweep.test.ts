import { API_PREFIX } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines, sessionFor, startApp, type TestApp } from './harness.ts';
import { buildWorld, isPublicRoute, MARKERS, type SeenRoute, snapshotTables } from './sweep-world.ts';
import { type Caller, type Probe, ROUTES, type World } from './tenancy-sweep-routes.ts';

// The tenancy rule, for every route the server has (ARCHITECTURE.md "Tenancy"): the route table is read from the
// server itself (every route Fastify registers, through an onRoute hook), and each route must be in ROUTES
// (tenancy-sweep-routes.ts): public with its reason, the caller's own, or with probes that call it as agent A with
// agent B's ids (and as A's sub-account with A's activity not assigned to it). Every probe must be refused, every
// route behind a session refuses a call without one, and afterwards no row of the database has changed.

const seen = vi.hoisted(() => ({ routes: [] as SeenRoute[], lastRoute: '' }));

vi.mock('fastify', async (importOriginal) =>
  (await import('./sweep-world.ts')).withRouteLog(await importOriginal<typeof import('fastify')>(), seen),
);

/** Field names that look like ids but name no stored row of an agent (global lists, WeChat app ids). */
const NOT_ROW_IDS = new Set([
  'apiAppId',
  'appId',
  'wechatPrivateTemplateId',
  'packageId',
  'fieldId',
  'categoryId',
  'catalogId',
]);
const ID_LIKE = /(^id|Id|Ids|^ids|^sign)$/;

/** GET calls that end or replace the caller's session, left out of the sweep of lists. */
const ENDS_SESSION = new Set([`${API_PREFIX}/logout`, `${API_PREFIX}/agent/subagent/token`]);

/** Tables a refused call may still touch: the session's last use, and the process's own heartbeat (in the background). */
const VOLATILE_TABLES = new Set(['sessions', 'server_processes']);

/** Every property name in a JSON schema, at any depth (objects, arrays, unions, records). */
function fieldNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const nested = [
    ...Object.values(properties),
    node.items,
    node.additionalProperties,
    ...((node.anyOf ?? []) as unknown[]),
    ...((node.oneOf ?? []) as unknown[]),
    ...((node.allOf ?? []) as unknown[]),
  ];
  return [...Object.keys(properties), ...nested.flatMap(fieldNames)];
}

const keyOf = (route: SeenRoute) => `${route.method} ${route.url}`;

describe.each(engines)('tenancy sweep on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let routes: SeenRoute[];
  let tokens: Record<Caller, string>;

  beforeAll(async () => {
    seen.routes.length = 0;
    t = await startApp(engine);
    await t.app.ready();
    routes = seen.routes.filter((route) => route.method !== 'HEAD');
    ({ w, tokens } = await buildWorld(t));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const snapshot = () => snapshotTables(t.ctx.db, VOLATILE_TABLES);

  it('knows every route the server has, and nothing it does not have', () => {
    const known = new Set(Object.keys(ROUTES));
    const keys = new Set(routes.map(keyOf));
    const missing = [...keys].filter((key) => !known.has(key));
    expect(
      missing,
      'These routes are not in the tenancy table. Add each to ROUTES in apps/server/test/tenancy-sweep-routes.ts: ' +
        'public with the reason, own when it takes no id of a stored row, or probes calling it with agent B’s ids ' +
        '(see World) and the answer due (404, or 400 naming the field for a foreign reference in a body).',
    ).toEqual([]);
    const stale = [...known].filter((key) => {
      const entry = ROUTES[key];
      return !keys.has(key) && !(entry && 'public' in entry && entry.whenBuilt);
    });
    expect(stale, 'table entries for routes that no longer exist').toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('names the exact refusal of every probe', () => {
    const vague = Object.entries(ROUTES).flatMap(([key, entry]) =>
      'probes' in entry
        ? entry.probes.filter((probe) => typeof probe.expect === 'number' && !probe.message).map(() => key)
        : [],
    );
    expect(vague, 'give these probes the message of their 404 or 403').toEqual([]);
  });

  it('lists public only what the server serves without a session, and probes every route with a path parameter', () => {
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>>;
    };
    const problems: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      const entry = ROUTES[key];
      if (!entry) continue;
      if ('public' in entry) {
        if (!isPublicRoute(route)) problems.push(`${key} is listed public but needs a session`);
        continue;
      }
      if (isPublicRoute(route)) problems.push(`${key} needs no session: list it public with the reason`);
      if ('own' in entry) {
        if (route.url.includes(':')) problems.push(`${key} has a path parameter: give it probes`);
        const operation = document.paths[route.url]?.[route.method.toLowerCase()];
        const query = (operation?.parameters ?? []).map((parameter) => parameter.name);
        const body = operation?.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
        const fields = fieldNames(body?.content?.['application/json']?.schema);
        const ids = [...query, ...fields].filter((name) => ID_LIKE.test(name) && !NOT_ROW_IDS.has(name));
        if (ids.length > 0) problems.push(`${key} takes ${ids.join(', ')}: give it probes`);
      } else if (!entry.probes.some((probe) => (probe.as ?? 'agentA') === 'agentA')) {
        problems.push(`${key} has no probe as agent A`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a call without a session on every route that needs one', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const entry = ROUTES[keyOf(route)];
      if (!entry || 'public' in entry) continue;
      const probe: Probe | undefined = 'probes' in entry ? entry.probes[0] : { url: () => route.url, expect: 404 };
      if (!probe) continue;
      const body = probe.body?.(w);
      const response = await t.app.inject({
        method: route.method as never,
        url: probe.url(w),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      if (response.statusCode !== 401) problems.push(`${keyOf(route)}: ${response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('shows agent A nothing of B’s, and A’s sub-account nothing of A’s activities not assigned to it', async () => {
    const urls = [
      ...routes
        .filter((route) => route.method === 'GET' && !route.url.includes(':') && !route.url.includes('*'))
        .filter((route) => !ENDS_SESSION.has(route.url))
        .filter((route) => {
          const entry = ROUTES[keyOf(route)];
          return entry !== undefined && !('public' in entry);
        })
        .map((route) => route.url),
      `${API_PREFIX}/agent/${w.aId}`,
      `${API_PREFIX}/agent/${w.aId}/promotion-channel`,
      `${API_PREFIX}/agent/${w.aId}/sms`,
      `${API_PREFIX}/agent/agent/${w.aChildId}`,
      `${API_PREFIX}/activity/${w.aAct}`,
      `${API_PREFIX}/activity/${w.aAct}/pay`,
      `${API_PREFIX}/v3/activity/${w.aAct}/stream-jobs`,
      `${API_PREFIX}/v3/media?activityId=${w.aAct}`,
      `${API_PREFIX}/agent/${w.aId}/promotion-channel?activityId=${w.aAct}`,
    ];
    const leaks: string[] = [];
    // Sessions of their own, so a call that ends one cannot disturb the other tests.
    for (const [caller, token, markers] of [
      ['agentA', await sessionFor(t.ctx, w.aId), MARKERS.b],
      ['subA', await sessionFor(t.ctx, w.aId, w.aSub), MARKERS.aOther],
    ] as const) {
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (response.statusCode === 401 || response.statusCode >= 500)
          leaks.push(`${url} as ${caller}: ${response.statusCode}`);
        const found = markers.filter((marker) => response.body.includes(marker));
        if (found.length > 0) leaks.push(`${url} as ${caller} shows ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(urls.length).toBeGreaterThan(40);
  });

  it('answers 404 (or the documented refusal) for agent B’s ids on every route, and changes no row', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    let probes = 0;
    for (const [key, entry] of Object.entries(ROUTES)) {
      if (!('probes' in entry)) continue;
      const method = key.slice(0, key.indexOf(' '));
      for (const probe of entry.probes) {
        probes += 1;
        const caller = probe.as ?? 'agentA';
        const body = probe.body?.(w);
        seen.lastRoute = '';
        const response = await t.app.inject({
          method: method as never,
          url: probe.url(w),
          headers: { authorization: `Bearer ${tokens[caller]}` },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        if (seen.lastRoute !== key) problems.push(`${key}: the probe ${probe.url(w)} reached ${seen.lastRoute}`);
        const label = `${key} as ${caller} (${probe.url(w)}${body === undefined ? '' : ` ${JSON.stringify(body)}`})`;
        const answer = response.headers['content-type']?.toString().includes('json') ? response.json() : response.body;
        const got = `${response.statusCode} ${JSON.stringify(answer).slice(0, 160)}`;
        if (probe.expect === 'empty') {
          const items = (answer as { items?: unknown[] }).items;
          if (response.statusCode !== 200 || !Array.isArray(items) || items.length !== 0)
            problems.push(`${label}: expected an empty list, got ${got}`);
        } else if (typeof probe.expect === 'number') {
          const message = (answer as { message?: string }).message;
          if (response.statusCode !== probe.expect || (probe.message && message !== probe.message))
            problems.push(`${label}: expected ${probe.expect} ${probe.message ?? ''}, got ${got}`);
        } else {
          const field = (answer as { field?: string }).field;
          if (response.statusCode !== probe.expect.status || field !== probe.expect.field)
            problems.push(`${label}: expected 400 on ${probe.expect.field}, got ${got}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(100);
    const after = await snapshot();
    const changed = Object.keys({ ...before, ...after }).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    expect(
      changed.map((table) => ({
        table,
        gone: (before[table] ?? []).filter((row) => !after[table]?.includes(row)),
        added: (after[table] ?? []).filter((row) => !before[table]?.includes(row)),
      })),
    ).toEqual([]);
  });
});

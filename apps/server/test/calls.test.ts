import { API_PREFIX, allCalls, ERROR_CODES, fillPath, pathParamNames } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAgent, createSubagent, sessionFor, startApp, type TestApp } from './harness.ts';
import { snapshotTables } from './sweep-world.ts';

// The server registers every contract entry (packages/contracts/src/calls.ts): the OpenAPI document is read off the
// entries, and the access an entry names is the access the server applies.

const openApiPath = (path: string) => `${API_PREFIX}${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

describe('contract entries on the server', () => {
  let t: TestApp;
  let operations: Map<string, { operationId?: string; tags?: string[]; summary?: string }>;

  beforeAll(async () => {
    t = await startApp('pglite');
    const doc = (await call(t.app, 'GET', '/docs/json')).body as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[]; summary?: string }>>;
    };
    operations = new Map(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
      ),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('documents each entry as an operation named by the entry, under its area', () => {
    for (const entry of allCalls) {
      const operation = operations.get(`${entry.method} ${openApiPath(entry.path)}`);
      expect(operation, `${entry.method} ${entry.path}`).toBeDefined();
      expect(operation?.operationId).toBe(entry.name);
      expect(operation?.tags).toEqual([entry.area]);
      expect(operation?.summary).toBe(entry.summary);
    }
  });

  it('refuses a call without a session on every entry that is not public', async () => {
    for (const entry of allCalls.filter((entry) => entry.access !== 'public')) {
      const params = Object.fromEntries(pathParamNames(entry.path).map((name) => [name, '1']));
      const response = await call(t.app, entry.method, fillPath(entry.path, params));
      expect(response.status, `${entry.method} ${entry.path}`).toBe(401);
    }
  });

  it('refuses a sub-account every main-account entry, whatever it sent, and changes nothing', async () => {
    const agent = await createAgent(t.ctx);
    const sub = await createSubagent(t.ctx, { agentId: agent.id });
    const token = await sessionFor(t.ctx, agent.id, sub.id);
    const before = await snapshotTables(t.ctx.db, new Set(['sessions']));
    for (const entry of allCalls.filter((entry) => entry.access === 'mainAccount')) {
      const params = Object.fromEntries(pathParamNames(entry.path).map((name) => [name, String(agent.id)]));
      const response = await call(t.app, entry.method, fillPath(entry.path, params), {
        token,
        ...(entry.body ? { body: { unexpected: true } } : {}),
      });
      expect(response.status, `${entry.method} ${entry.path}`).toBe(403);
      expect(response.body.code).toBe(ERROR_CODES.subAgentForbidden);
    }
    expect(await snapshotTables(t.ctx.db, new Set(['sessions']))).toEqual(before);
  });
});

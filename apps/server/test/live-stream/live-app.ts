import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../e2e/start-server.ts';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createAgent, sessionFor } from '../harness.ts';

/** The whole server listening on loopback with its embedded RTMP ingest, and one signed-in agent. */
export interface LiveApp {
  built: BuiltApp;
  /** The HTTP base URL (playback and API). */
  base: string;
  rtmpPort: number;
  agentId: number;
  token: string;
  close(): Promise<void>;
}

/** For the tests that push with a real encoder: an in-memory database, the ingest on a free port. */
export async function startLiveApp(name: string, overrides: Partial<Config> = {}): Promise<LiveApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `yanbo-${name}-`));
  const port = await freePort();
  const built = await buildApp(
    loadConfig({
      dataDir,
      inMemoryDatabase: true,
      logLevel: 'silent',
      consoleDir: '/nonexistent',
      secretKey: 'test-secret',
      rtmpPort: port,
      rtmpHost: '127.0.0.1',
      pushDomain: `127.0.0.1:${port}`,
      ...overrides,
    }),
  );
  const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const rtmpPort = (await built.ctx.ingest?.listen()) ?? 0;
  const agentId = (await createAgent(built.ctx)).id;
  const token = await sessionFor(built.ctx, agentId);
  return {
    built,
    base,
    rtmpPort,
    agentId,
    token,
    async close() {
      await built.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/start-server.ts';
import { call, createAgent, sessionFor, startApp, type TestApp } from '../harness.ts';
import { accepts, exited, FFMPEG, push, waitFor } from './push.ts';

// The production path: an external nginx-rtmp receives the push and asks the server through the on_publish /
// on_publish_done webhooks. Debian's nginx with libnginx-mod-rtmp and ffmpeg (installed by scripts/ensure-system-deps.sh).

const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const available = [NGINX, RTMP_MODULE, FFMPEG].every((file) => existsSync(file));

describe.skipIf(!available)('an external nginx-rtmp calling the ingest webhooks', () => {
  let t: TestApp;
  let nginx: ChildProcess;
  let rtmpPort: number;
  let token: string;

  beforeAll(async () => {
    t = await startApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const apiPort = typeof address === 'object' && address ? address.port : 0;
    rtmpPort = await freePort();
    const prefix = path.join(t.dataDir, 'nginx');
    await mkdir(path.join(prefix, 'logs'), { recursive: true });
    const hooks = `http://127.0.0.1:${apiPort}/api/ingest/hooks`;
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      `load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log info;
events { worker_connections 64; }
rtmp { server { listen 127.0.0.1:${rtmpPort}; application live {
  live on; notify_method post;
  on_publish ${hooks}/on_publish; on_publish_done ${hooks}/on_publish_done;
} } }
`,
    );
    // One process (master_process off): nothing of it outlives the test when it is stopped.
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    await waitFor(() => accepts(rtmpPort), 10_000);
    const agent = await createAgent(t.ctx);
    token = await sessionFor(t.ctx, agent.id);
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = exited(nginx);
      nginx.kill('SIGKILL');
      await gone;
    }
    await t?.close();
  });

  it('turns isPushing on within 2 s of a push and off within 5 s of its end; a wrong key is refused', async () => {
    const activity = (await call(t.app, 'POST', '/activity', { token, body: { name: 'nginx 推流' } })).body;
    const isPushing = async () => (await call(t.app, 'GET', `/activity/${activity.id}`, { token })).body.isPushing;
    const url = `rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.pushStreamKey}`;

    const ffmpeg = push(url, 4);
    const startedIn = await waitFor(isPushing, 2_000);
    await exited(ffmpeg);
    const stoppedIn = await waitFor(async () => !(await isPushing()), 5_000);
    expect(startedIn).toBeLessThan(2_000);
    expect(stoppedIn).toBeLessThan(5_000);

    const refused = push(`rtmp://127.0.0.1:${rtmpPort}/live/${activity.stream.stream}?key=wrong`, 2);
    expect(await exited(refused)).not.toBe(0);
    expect(await isPushing()).toBe(false);
  });
});

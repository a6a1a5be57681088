import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './start-server.ts';

export const NGINX = '/usr/sbin/nginx';

/** Whether Debian's nginx is installed (scripts/ensure-system-deps.sh installs it). */
export const hasNginx = () => existsSync(NGINX);

export interface RunningNginx {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground as the load balancer in front of server processes on loopback: round robin, kept-
 * alive upstream connections, WebSocket upgrades passed on, the client's address in X-Forwarded-For (the servers name
 * 127.0.0.1 in TRUST_PROXY), and a request whose process is gone tried on the next one.
 */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yanbo-nginx-'));
  const port = await freePort();
  const config = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream api {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_next_upstream error timeout http_502;
      proxy_read_timeout 120s;
    }
  }
}
`;
  await writeFile(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

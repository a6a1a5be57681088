import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './start-server.ts';

export const NGINX = '/usr/sbin/nginx';

/** The site configuration deployments install (deploy/nginx/yanbo.conf), a template of ${YANBO_*} values. */
export const NGINX_SITE_TEMPLATE = path.resolve(import.meta.dirname, '../deploy/nginx/yanbo.conf');

/** Whether Debian's nginx is installed (scripts/ensure-system-deps.sh installs it). */
export const hasNginx = () => existsSync(NGINX);

export interface RunningNginx {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** Where /live/ playback goes (a `media` process's MEDIA_PORT); by default the API processes, which then serve it. */
  mediaPort?: number;
}

/**
 * The template rendered as envsubst renders it with its names limited to YANBO_* (the nginx image's
 * NGINX_ENVSUBST_FILTER=^YANBO_): `$NAME` and `${NAME}` of those names replaced, nginx's own `$host` and the like
 * left alone. A YANBO_ name without a value is an error here, where envsubst would quietly leave it empty.
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$(?:\{(YANBO_[A-Z0-9_]*)\}|(YANBO_[A-Z0-9_]*))/g, (_, braced?: string, bare?: string) => {
    const name = (braced ?? bare) as string;
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template uses ${name}, which has no value`);
    return value;
  });
}

/** The upstream lines for processes on loopback, as the site's YANBO_API_SERVERS and YANBO_MEDIA_SERVERS hold them. */
export const loopbackServers = (ports: number[]) =>
  ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n    ');

/**
 * A main configuration standing in for /etc/nginx/nginx.conf around a rendered site: nginx in the foreground, its
 * pid, log and temporary files in dir.
 */
export function nginxMainConfig(dir: string, site: string): string {
  return `daemon off;
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
${site}
}
`;
}

/** The deployed site (deploy/nginx/yanbo.conf) rendered for processes on loopback, in nginxMainConfig. */
export function renderNginxConfig(dir: string, listen: string, upstreamPorts: number[], options: NginxOptions = {}) {
  const site = renderTemplate(readFileSync(NGINX_SITE_TEMPLATE, 'utf8'), {
    YANBO_LISTEN: listen,
    YANBO_API_SERVERS: loopbackServers(upstreamPorts),
    YANBO_MEDIA_SERVERS: loopbackServers(options.mediaPort ? [options.mediaPort] : upstreamPorts),
  });
  return nginxMainConfig(dir, site);
}

/**
 * Debian's nginx in the foreground as the load balancer in front of server processes on loopback, with the deployed
 * site's configuration: round robin, kept-alive upstream connections, WebSocket upgrades passed on, the client's
 * address in X-Forwarded-For (the servers name 127.0.0.1 in TRUST_PROXY), and a request whose process is gone tried on
 * the next one unless it was a write that reached it.
 */
export async function startNginx(upstreamPorts: number[], options: NginxOptions = {}): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yanbo-nginx-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'nginx.conf'), renderNginxConfig(dir, `127.0.0.1:${port}`, upstreamPorts, options));
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

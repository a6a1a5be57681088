import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCompose,
  checkDockerfile,
  checkNginxSite,
  checkUnits,
  dockerCompose,
  ROOT,
  recipeFiles,
  systemdAnalyze,
  testNginxConfig,
  validateComposeWithDockerCompose,
  verifyUnits,
} from '../../../deploy/check.ts';
import { hasNginx } from '../../../e2e/start-nginx.ts';
import { freePort } from '../../../e2e/start-server.ts';

// The deployment recipe in deploy/ (issue 15, "a deployment recipe tried here"): the image cannot be built nor the
// units started on this machine (no Docker daemon, systemd not PID 1), so what is proved is what deploy/check.ts
// checks: the compose file against the variables the server reads, the image's commands against the npm scripts,
// nginx -t on the site, systemd-analyze verify on the units; and that each check fails on the mistake it is there for.

const files = recipeFiles();

describe('compose.yaml', () => {
  it('gives each process only variables the server reads, and every one its part in the cluster needs', () => {
    expect(checkCompose()).toEqual([]);
  });

  it('names a variable the server does not read, a missing one, and a secret that differs between processes', () => {
    const broken = files.compose
      .replace('  TRUST_PROXY: 172.28.0.10\n', '  TRUST_PROXY_ADDRESS: 172.28.0.10\n')
      .replace('  TASK_WORKERS: "off"\n', '')
      .replace(/(\n {2}media:[\s\S]*?SECRET_KEY: )\$\{SECRET_KEY:\?[^}]*\}/, '$1another-key');
    const problems = checkCompose({ ...files, compose: broken });
    expect(problems).toContain('api-1 is given TRUST_PROXY_ADDRESS, which the server never reads');
    expect(problems).toContain('api-1 (api) is not given TRUST_PROXY');
    expect(problems).toContain('api-2 (api) is not given TASK_WORKERS');
    expect(problems.some((problem) => problem.startsWith('SECRET_KEY differs between the processes'))).toBe(true);
  });

  it('names an nginx upstream without its API process and a variable that .env.example lacks', () => {
    const broken = files.compose
      .replace('server api-2:8080 max_fails=1 fail_timeout=5s;', '')
      .replace(`\${S3_PUBLIC_URL:-}`, `\${S3_PUBLIC_ADDRESS:-}`);
    const problems = checkCompose({ ...files, compose: broken });
    expect(problems).toContain("nginx's YANBO_API_SERVERS leaves out api-2");
    expect(problems).toContain(`compose.yaml uses \${S3_PUBLIC_ADDRESS}, which .env.example does not have`);
    expect(problems).toContain('.env.example has S3_PUBLIC_URL, which compose.yaml does not use');
  });

  it.skipIf(!dockerCompose())(
    'passes docker-compose config',
    () => {
      expect(validateComposeWithDockerCompose()).toEqual([]);
      const problems = validateComposeWithDockerCompose({
        ...files,
        compose: files.compose.replace('restart: "no"', 'restart: 7'),
      });
      expect(problems?.[0]).toMatch(/docker-compose config/);
    },
    90_000,
  );
});

describe('the Dockerfile', () => {
  it('runs npm scripts’ entry points on Debian slim with ffmpeg, as a user other than root, with a health check', () => {
    expect(checkDockerfile()).toEqual([]);
  });

  it('names a command no npm script runs and a runtime stage left as root', () => {
    const broken = files.dockerfile
      .replace(
        'CMD ["node", "--max-semi-space-size=8", "apps/server/src/main.ts"]',
        'CMD ["node", "--max-semi-space-size=8", "apps/server/src/serve.ts"]',
      )
      .replace('USER node\n', '');
    expect(checkDockerfile(broken)).toEqual([
      'the runtime stage runs as root',
      'the image CMD runs apps/server/src/serve.ts, which no npm script of package.json runs',
    ]);
  });
  it('names a process started with other node flags than its npm script’s', () => {
    const bare = files.dockerfile.replace(
      'CMD ["node", "--max-semi-space-size=8", "apps/server/src/main.ts"]',
      'CMD ["node", "apps/server/src/main.ts"]',
    );
    expect(checkDockerfile(bare)).toEqual([
      'the image CMD runs apps/server/src/main.ts with [], npm run start with [--max-semi-space-size=8]',
    ]);
  });
});

describe('the nginx site', () => {
  it('takes the largest upload, passes the contracts’ WebSocket paths through, and retries only what is safe', () => {
    expect(checkNginxSite()).toEqual([]);
  });

  it('names a body limit below the uploads and a retry of non-idempotent requests', () => {
    const template = readFileSync(path.join(ROOT, 'deploy/nginx/yanbo.conf'), 'utf8')
      .replace('client_max_body_size 1025m;', 'client_max_body_size 100m;')
      .replace(/proxy_next_upstream [^;]*;/, 'proxy_next_upstream error timeout non_idempotent;');
    const problems = checkNginxSite(template);
    expect(problems[0]).toMatch(/^client_max_body_size is 104857600 bytes; the server's largest upload is 1073741824$/);
    expect(problems[1]).toMatch(/non-idempotent/);
  });

  it.skipIf(!hasNginx())('is accepted by nginx -t as the tests render it and with compose.yaml’s values', () => {
    expect(testNginxConfig()).toEqual([]);
  });
});

describe('the systemd units', () => {
  it('read /etc/yanbo/yanbo.env, are hardened alike, and stop after the server’s drain', () => {
    expect(checkUnits()).toEqual([]);
  });

  it('names an environment file that would override a unit’s port', () => {
    const env = `${readFileSync(path.join(ROOT, 'deploy/systemd/yanbo.env.example'), 'utf8')}\nPORT=8080\n`;
    expect(checkUnits(env)).toContain("yanbo.env.example sets PORT, which would override the units' own");
  });

  it.skipIf(!systemdAnalyze())('pass systemd-analyze verify', () => {
    expect(verifyUnits()).toEqual([]);
  });
});

describe('the health check the image runs', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.writeHead(request.url === '/api/healthz' || request.url === '/healthz' ? 200 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const exitCode = (args: string[], env: Record<string, string> = {}) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'deploy/healthcheck.ts'), ...args], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      child.once('exit', (code) => resolve(code));
    });

  // Four node processes one after another (each must answer within its own 3 s): slow on a busy machine.
  it('exits 0 when the API answers /api/healthz on PORT, 1 on a 503 or nothing listening', async () => {
    expect(await exitCode([], { PORT: String(port) })).toBe(0);
    expect(await exitCode([`http://127.0.0.1:${port}/healthz`])).toBe(0);
    expect(await exitCode([`http://127.0.0.1:${port}/api/readyz`])).toBe(1);
    expect(await exitCode([`http://127.0.0.1:${await freePort()}/healthz`])).toBe(1);
  }, 90_000);
});

// Checks the deployment recipe against the code it deploys, as far as a machine without a Docker daemon or systemd as
// PID 1 can (README "Deploying", "What was tried here"):
//   - compose.yaml: its services, the variables it gives each Yanbo process (every one read by the server, every one
//     its process needs in this topology set, the shared ones alike everywhere), nginx's upstreams and the proxy
//     address the API processes trust; and docker-compose's own validation where it is installed;
//   - the Dockerfile: every command the image runs is an npm script's entry point; Debian slim, ffmpeg, a non-root
//     user and a health check;
//   - the nginx site: `nginx -t` accepts it rendered as the tests render it and as compose.yaml renders it, its body
//     limit matches the server's uploads and its WebSocket location the contracts' socket paths;
//   - the systemd units: `systemd-analyze verify`, the hardening each carries, stop timeouts above SHUTDOWN_GRACE_MS.
// Each check answers the problems it found (an empty list: none). `npx node deploy/check.ts` prints them and exits 1 on
// any; apps/server/test/deploy-recipe.test.ts runs each.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ACTIVITY_PICTURE_MAX_BYTES,
  CHAT_SOCKET_PATH,
  DOCUMENT_MAX_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  MEETING_SIGNAL_PATH,
  PHOTO_MAX_BYTES,
  REGISTRATION_FILE_MAX_BYTES,
} from '@yanbo/contracts';
import { parse } from 'yaml';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { uploadLimit } from '../apps/server/src/features/uploads/upload-service.ts';
import { NGINX, NGINX_SITE_TEMPLATE, nginxMainConfig, renderNginxConfig, renderTemplate } from '../e2e/start-nginx.ts';
import { nodeCommand, npmEntryPoints } from './node-command.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Where the units expect the code (WorkingDirectory, ExecStart); verify runs them with the repository there instead. */
const INSTALL_DIR = '/opt/yanbo';
/** What the server waits for requests to finish on SIGTERM when SHUTDOWN_GRACE_MS is unset (config.ts). */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// What the server reads

/** Every environment variable the server's code reads (apps/server/src), and the prefixes it reads a family by. */
export function serverVariables(): { names: Set<string>; prefixes: string[] } {
  const names = new Set<string>();
  const prefixes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(full, 'utf8');
        for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1] as string);
        for (const match of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(match[1] as string);
        // env[`SMS_TEMPLATE_${…}`]: a family of names.
        for (const match of source.matchAll(/\benv\[`([A-Z][A-Z0-9_]*)\$\{/g)) prefixes.push(match[1] as string);
      }
    }
  };
  walk(path.join(ROOT, 'apps/server/src'));
  return { names, prefixes };
}

const readsVariable = (server: ReturnType<typeof serverVariables>, name: string) =>
  server.names.has(name) || server.prefixes.some((prefix) => name.startsWith(prefix));

/** KEY=VALUE lines of an env file (comments and blank lines left out). */
export function envFileEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) entries.set(match[1] as string, (match[2] as string).trim());
  }
  return entries;
}

/** Which Yanbo process a command starts, by its entry file. */
type Role = 'api' | 'worker' | 'media';
const ROLES: Record<string, Role> = {
  'apps/server/src/main.ts': 'api',
  'apps/server/src/worker.ts': 'worker',
  'apps/server/src/media.ts': 'media',
};

/** What each process must be given in a cluster of API processes, a worker and a media process. */
const REQUIRED: Record<Role, string[]> = {
  api: [
    'DATABASE_URL',
    'REDIS_URL',
    'SECRET_KEY',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'TRUST_PROXY',
    'INGEST',
    'TASK_WORKERS',
    'PUSH_DOMAIN',
    'PULL_DOMAIN',
    'DATA_DIR',
  ],
  worker: [
    'DATABASE_URL',
    'SECRET_KEY',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'WORKER_PORT',
    'DATA_DIR',
  ],
  media: ['SECRET_KEY', 'MEDIA_PORT', 'RTMP_PORT', 'MEDIA_RTMP_URL', 'API_URL', 'TRUST_PROXY'],
};
/** Settings that must hold the same value in every process that has them. */
const SHARED = [
  'SECRET_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];
/** Values the topology fixes: the API processes leave ingest to the media process and tasks to the worker. */
const FIXED: Partial<Record<Role, Record<string, string>>> = {
  api: { INGEST: 'external', TASK_WORKERS: 'off' },
};

// ---------------------------------------------------------------------------------------------------------------
// The Dockerfile

export interface Dockerfile {
  stages: { from: string; name?: string; instructions: { op: string; args: string }[] }[];
}

/** Instructions by stage, continuation lines joined, comments left out. */
export function parseDockerfile(text: string): Dockerfile {
  const stages: Dockerfile['stages'] = [];
  const args = new Map<string, string>();
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, op = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = op.toUpperCase();
    if (upper === 'ARG' && stages.length === 0) {
      const [name, value = ''] = rest.split('=');
      args.set(name as string, value);
    } else if (upper === 'FROM') {
      const [image = '', , name] = rest.split(/\s+/);
      stages.push({
        from: image.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? ''),
        name,
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push({ op: upper, args: rest });
    }
  }
  return { stages };
}

/** The exec-form command of CMD/HEALTHCHECK (a JSON array), or null for a shell form. */
const execForm = (args: string): string[] | null => {
  try {
    const parsed = JSON.parse(args) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
};

/** The entry file of a `node [flags] <file>` command, or null. */
const entryFile = (command: string[] | null | undefined) => nodeCommand(command)?.file ?? null;

export function checkDockerfile(text = read('deploy/Dockerfile'), packageJson = read('package.json')): string[] {
  const problems: string[] = [];
  const { stages } = parseDockerfile(text);
  const runtime = stages.at(-1);
  if (!runtime || stages.length < 2) return ['the Dockerfile has no separate build and runtime stages'];
  for (const stage of stages) {
    if (!/^node:\d+-(bookworm|trixie|forky)-slim$/.test(stage.from))
      problems.push(`stage ${stage.name ?? stage.from} is not on a Debian slim Node image: ${stage.from}`);
  }
  const node = /^node:(\d+)-/.exec(runtime.from)?.[1];
  const wanted = /^(\d+)\./.exec(
    (JSON.parse(packageJson) as { devDependencies: Record<string, string> }).devDependencies.node ?? '',
  )?.[1];
  if (node !== wanted) problems.push(`the image runs Node ${node}, the project Node ${wanted} (package.json)`);
  const build = stages[0]?.instructions ?? [];
  if (!build.some((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args))) problems.push('the build stage does not npm ci');
  if (!build.some((i) => i.op === 'RUN' && /\bnpm run build\b/.test(i.args)))
    problems.push('the build stage does not npm run build');
  for (const copy of build.filter((i) => i.op === 'COPY')) {
    const sources = copy.args.split(/\s+/).slice(0, -1);
    for (const source of sources.filter((s) => s !== '.' && !s.startsWith('--')))
      if (!existsSync(path.join(ROOT, source))) problems.push(`the build stage copies ${source}, which does not exist`);
  }
  const installs = runtime.instructions.filter((i) => i.op === 'RUN' && /apt-get install/.test(i.args));
  if (!installs.some((i) => /\bffmpeg\b/.test(i.args))) problems.push('the runtime stage does not install ffmpeg');
  const user = runtime.instructions.filter((i) => i.op === 'USER').at(-1)?.args;
  if (!user || user === 'root' || user === '0') problems.push('the runtime stage runs as root');
  const health = runtime.instructions.find((i) => i.op === 'HEALTHCHECK');
  const healthCommand = health ? execForm(health.args.replace(/^.*?\bCMD\s+/, '')) : null;
  if (healthCommand?.join(' ') !== 'node deploy/healthcheck.ts')
    problems.push('the HEALTHCHECK does not run deploy/healthcheck.ts (GET /api/healthz)');
  if (!/\/api\/healthz/.test(read('deploy/healthcheck.ts')))
    problems.push('deploy/healthcheck.ts does not ask /api/healthz by default');
  const cmd = execForm(runtime.instructions.filter((i) => i.op === 'CMD').at(-1)?.args ?? '');
  problems.push(...entryProblems('the image CMD', cmd, packageJson));
  return problems;
}

/** A command the image runs must be `node [flags] <file>` with <file> and its flags what an npm script runs. */
function entryProblems(what: string, command: string[] | null, packageJson: string): string[] {
  const started = nodeCommand(command);
  if (!started) return [`${what} is not \`node [flags] <entry file>\`: ${JSON.stringify(command)}`];
  const { file, flags } = started;
  const npm = npmEntryPoints(packageJson).get(file);
  if (!npm) return [`${what} runs ${file}, which no npm script of package.json runs`];
  if (!existsSync(path.join(ROOT, file))) return [`${what} runs ${file}, which does not exist`];
  if (flags.join(' ') !== npm.flags.join(' '))
    return [`${what} runs ${file} with [${flags.join(' ')}], npm run ${npm.script} with [${npm.flags.join(' ')}]`];
  return [];
}

/** The image's default command and environment (its last stage's CMD and ENV). */
function imageDefaults(text: string): { cmd: string[] | null; env: Map<string, string> } {
  const runtime = parseDockerfile(text).stages.at(-1);
  const env = new Map<string, string>();
  for (const i of runtime?.instructions.filter((i) => i.op === 'ENV') ?? [])
    for (const match of i.args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env.set(match[1] as string, match[2] as string);
  return { cmd: execForm(runtime?.instructions.filter((i) => i.op === 'CMD').at(-1)?.args ?? ''), env };
}

// ---------------------------------------------------------------------------------------------------------------
// compose.yaml

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  env_file?: string | string[];
  depends_on?: string[] | Record<string, unknown>;
  stop_grace_period?: string;
  healthcheck?: { test?: string[] };
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  networks?: Record<string, unknown>;
  volumes?: Record<string, unknown>;
}

export interface RecipeFiles {
  compose: string;
  envExample: string;
  providersExample: string;
  dockerfile: string;
  packageJson: string;
}

export const recipeFiles = (): RecipeFiles => ({
  compose: read('deploy/compose.yaml'),
  envExample: read('deploy/.env.example'),
  providersExample: read('deploy/providers.env.example'),
  dockerfile: read('deploy/Dockerfile'),
  packageJson: read('package.json'),
});

/** The ${NAME…} compose fills in from .env (a $$ is a literal dollar for the container). */
const interpolated = (text: string) =>
  new Set([...text.replaceAll('$$', '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string));

/** Whether compose gives a value for sure: a literal, a ${X:?…} it refuses to start without, or a ${X:-default}. */
function isSet(value: unknown, envExample: Map<string, string>): boolean {
  if (value === null || value === undefined) return false;
  const text = String(value);
  if (!text) return false;
  const onlyVariable = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}$/.exec(text);
  if (!onlyVariable) return true;
  const [, name, operator, fallback] = onlyVariable;
  if (operator?.endsWith('?')) return true;
  if (operator?.endsWith('-') && fallback) return true;
  return Boolean(envExample.get(name as string));
}

const durationMs = (value: string | undefined): number | null => {
  const match = /^(\d+)(ms|s|m)?$/.exec(value ?? '');
  if (!match) return null;
  const unit = match[2] ?? 's';
  return Number(match[1]) * (unit === 'ms' ? 1 : unit === 'm' ? 60_000 : 1000);
};

const asList = (value: string[] | Record<string, unknown> | undefined) =>
  Array.isArray(value) ? value : Object.keys(value ?? {});

export function checkCompose(files: RecipeFiles = recipeFiles()): string[] {
  const problems: string[] = [];
  const compose = parse(files.compose, { merge: true }) as Compose;
  const envExample = envFileEntries(files.envExample);
  const providers = envFileEntries(files.providersExample);
  const server = serverVariables();
  const image = imageDefaults(files.dockerfile);
  const services = compose.services ?? {};

  // Every ${NAME} has its line in .env.example, and every line there is used.
  const names = interpolated(files.compose);
  for (const name of names)
    if (!envExample.has(name)) problems.push(`compose.yaml uses \${${name}}, which .env.example does not have`);
  for (const name of envExample.keys())
    if (!names.has(name)) problems.push(`.env.example has ${name}, which compose.yaml does not use`);

  for (const [name, service] of Object.entries(services)) {
    for (const dependency of asList(service.depends_on))
      if (!services[dependency]) problems.push(`${name} depends on ${dependency}, which is not a service`);
    for (const network of asList(service.networks))
      if (!compose.networks?.[network]) problems.push(`${name} is on network ${network}, which is not declared`);
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0] as string;
      if (!source.startsWith('.') && !source.startsWith('/') && !(source in (compose.volumes ?? {})))
        problems.push(`${name} mounts volume ${source}, which is not declared`);
      if (source.startsWith('.') && !existsSync(path.join(DEPLOY, source)))
        problems.push(`${name} mounts ${source}, which does not exist beside compose.yaml`);
    }
  }
  for (const needed of ['postgres', 'redis', 'minio', 'minio-init', 'nginx'])
    if (!services[needed]) problems.push(`compose.yaml has no ${needed} service`);

  // The Yanbo processes: services of the image, each a process by its command.
  const processes = Object.entries(services)
    .filter(([, service]) => service.build || service.image?.includes('YANBO_IMAGE'))
    .map(([name, service]) => {
      const command =
        typeof service.command === 'string' ? service.command.split(/\s+/) : (service.command ?? image.cmd);
      problems.push(...entryProblems(`${name}'s command`, command, files.packageJson));
      const role = ROLES[entryFile(command) ?? ''];
      const fromFiles = [service.env_file ?? []].flat().some((file) => file === 'providers.env')
        ? providers
        : new Map();
      const env = new Map<string, unknown>([...image.env, ...fromFiles, ...Object.entries(service.environment ?? {})]);
      for (const key of [...fromFiles.keys(), ...Object.keys(service.environment ?? {})])
        if (!readsVariable(server, key)) problems.push(`${name} is given ${key}, which the server never reads`);
      return { name, service, role, env };
    });
  const byRole = (role: Role) => processes.filter((p) => p.role === role);
  if (byRole('api').length < 2) problems.push('compose.yaml has fewer than two API processes');
  if (byRole('worker').length < 1) problems.push('compose.yaml has no worker process');
  if (byRole('media').length !== 1) problems.push('compose.yaml does not have one media process');

  for (const p of processes) {
    if (!p.role) continue;
    for (const key of REQUIRED[p.role])
      if (!isSet(p.env.get(key), envExample)) problems.push(`${p.name} (${p.role}) is not given ${key}`);
    for (const [key, value] of Object.entries(FIXED[p.role] ?? {}))
      if (String(p.env.get(key)) !== value) problems.push(`${p.name} (${p.role}) needs ${key}=${value}`);
    const grace = Number(p.env.get('SHUTDOWN_GRACE_MS') ?? DEFAULT_SHUTDOWN_GRACE_MS);
    const stop = durationMs(p.service.stop_grace_period);
    if (stop === null || stop <= grace)
      problems.push(
        `${p.name} stops after ${p.service.stop_grace_period ?? '10s'}, not above SHUTDOWN_GRACE_MS (${grace})`,
      );
  }
  for (const key of SHARED) {
    const values = new Set(processes.filter((p) => p.env.has(key)).map((p) => String(p.env.get(key))));
    if (values.size > 1) problems.push(`${key} differs between the processes: ${[...values].join(' / ')}`);
  }

  // Health checks of the worker and the media process ask their own ports.
  for (const [role, portKey] of [
    ['worker', 'WORKER_PORT'],
    ['media', 'MEDIA_PORT'],
  ] as const) {
    for (const p of byRole(role)) {
      const test = p.service.healthcheck?.test?.join(' ') ?? '';
      if (!test.includes(`127.0.0.1:${p.env.get(portKey)}/`))
        problems.push(`${p.name}'s health check does not ask its ${portKey}`);
    }
  }

  // nginx: upstreams naming every API process and the media process, and the address the API processes trust.
  const nginx = services.nginx;
  const nginxEnv = nginx?.environment ?? {};
  const upstream = (key: string) =>
    [...String(nginxEnv[key] ?? '').matchAll(/server\s+([\w.-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
  const apiUpstream = new Set(upstream('YANBO_API_SERVERS'));
  for (const p of byRole('api'))
    if (!apiUpstream.has(`${p.name}:${p.env.get('PORT') ?? 8080}`))
      problems.push(`nginx's YANBO_API_SERVERS leaves out ${p.name}`);
  for (const entry of apiUpstream)
    if (!byRole('api').some((p) => `${p.name}:${p.env.get('PORT') ?? 8080}` === entry))
      problems.push(`nginx's YANBO_API_SERVERS names ${entry}, which is no API process`);
  const media = byRole('media')[0];
  if (media && upstream('YANBO_MEDIA_SERVERS').join() !== `${media.name}:${media.env.get('MEDIA_PORT')}`)
    problems.push(`nginx's YANBO_MEDIA_SERVERS is not ${media.name}:${media.env.get('MEDIA_PORT')}`);
  if (String(nginxEnv.NGINX_ENVSUBST_FILTER) !== '^YANBO_')
    problems.push('nginx renders its template with other variables than YANBO_* (NGINX_ENVSUBST_FILTER)');
  if (
    !nginx?.volumes?.some((volume) =>
      /^\.\/nginx\/yanbo\.conf:\/etc\/nginx\/templates\/default\.conf\.template/.test(volume),
    )
  )
    problems.push('nginx does not render deploy/nginx/yanbo.conf over the image default.conf');
  const nginxAddresses = Object.values(Array.isArray(nginx?.networks) ? {} : (nginx?.networks ?? {})).flatMap(
    (network) => (network?.ipv4_address ? [network.ipv4_address] : []),
  );
  for (const p of [...byRole('api'), ...byRole('media')]) {
    const trusted = String(p.env.get('TRUST_PROXY') ?? '')
      .split(',')
      .map((entry) => entry.trim());
    if (!nginxAddresses.some((address) => trusted.includes(address)))
      problems.push(
        `${p.name}'s TRUST_PROXY (${trusted.join(',')}) is not nginx's address (${nginxAddresses.join(',') || 'none fixed'})`,
      );
  }
  const nginxValues = Object.fromEntries(Object.entries(nginxEnv).map(([key, value]) => [key, String(value)]));
  try {
    renderTemplate(readFileSync(NGINX_SITE_TEMPLATE, 'utf8'), nginxValues);
  } catch (error) {
    problems.push(`compose's nginx cannot render the site: ${(error as Error).message}`);
  }
  return problems;
}

/** Debian's docker-compose (1.29, the Python one: it validates and renders a file without a Docker daemon). */
export const dockerCompose = () =>
  ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((file) => existsSync(file)) ?? null;

/** docker-compose's own validation of the file (the Debian package, 1.29; not the Docker daemon), or null without it. */
export function validateComposeWithDockerCompose(files: RecipeFiles = recipeFiles()): string[] | null {
  const binary = dockerCompose();
  if (!binary) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yanbo-compose-'));
  try {
    // 1.29 predates the top-level `name`; the rest is checked against its Compose Specification schema. The example
    // files stand in for .env and providers.env, each required secret given a placeholder.
    writeFileSync(path.join(dir, 'compose.yaml'), files.compose.replace(/^name:.*$/m, ''));
    writeFileSync(path.join(dir, '.env'), files.envExample.replace(/^([A-Z_][A-Z0-9_]*)=$/gm, '$1=placeholder'));
    writeFileSync(path.join(dir, 'providers.env'), files.providersExample);
    const run = spawnSync(binary, ['--project-directory', dir, '-f', path.join(dir, 'compose.yaml'), 'config', '-q'], {
      encoding: 'utf8',
      cwd: dir,
    });
    return run.status === 0 ? [] : [`docker-compose config: ${(run.stderr || run.stdout).trim()}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// nginx

/** The largest request body the server takes through nginx: an upload through the server, photos, documents. */
export function largestUpload(): number {
  return Math.max(
    uploadLimit({ secretKey: '' } as AppContext, undefined),
    MAX_PHOTOS_PER_UPLOAD * PHOTO_MAX_BYTES,
    DOCUMENT_MAX_BYTES,
    REGISTRATION_FILE_MAX_BYTES,
    ACTIVITY_PICTURE_MAX_BYTES,
  );
}

const sizeBytes = (value: string) => {
  const match = /^(\d+)([kmg]?)$/i.exec(value);
  if (!match) return Number.NaN;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] as string).toLowerCase()] as number;
  return Number(match[1]) * unit;
};

/** The site's rules against the server's limits and paths (no nginx needed). */
export function checkNginxSite(template = readFileSync(NGINX_SITE_TEMPLATE, 'utf8')): string[] {
  const problems: string[] = [];
  const body = sizeBytes(/client_max_body_size\s+(\S+);/.exec(template)?.[1] ?? '');
  const largest = largestUpload();
  // The multipart envelope around a file is a few hundred bytes; 16 MiB of slack is plenty and still bounded.
  if (!(body >= largest && body <= largest + 16 * 1024 ** 2))
    problems.push(`client_max_body_size is ${body} bytes; the server's largest upload is ${largest}`);
  const socketLocation = /location ~ (\S+) \{[^}]*proxy_read_timeout\s+(\d+)h/.exec(template);
  if (!socketLocation) problems.push('no WebSocket location with a read timeout in hours');
  else {
    const pattern = new RegExp(socketLocation[1] as string);
    for (const socketPath of [CHAT_SOCKET_PATH, MEETING_SIGNAL_PATH]) {
      const example = `/api${socketPath.replace(/:\w+/g, '123')}`;
      if (!pattern.test(example)) problems.push(`the WebSocket location does not take ${example}`);
    }
  }
  if (/proxy_next_upstream[^;]*non_idempotent/.test(template))
    problems.push('proxy_next_upstream passes non-idempotent requests on (a write could be done twice)');
  if (!/keepalive\s+\d+;/.test(template)) problems.push('the upstreams keep no connections alive');
  if (!/location \/live\/ \{[^}]*proxy_pass http:\/\/yanbo_media;/.test(template))
    problems.push('/live/ does not go to the media upstream');
  return problems;
}

/** `nginx -t` on the site rendered as the tests render it and as compose.yaml renders it; null without nginx. */
export function testNginxConfig(files: RecipeFiles = recipeFiles()): string[] | null {
  if (!existsSync(NGINX)) return null;
  const problems: string[] = [];
  const compose = parse(files.compose, { merge: true }) as Compose;
  const nginxEnv = compose.services.nginx?.environment ?? {};
  // compose's upstream host names resolve only inside compose's network: the same lines on loopback.
  const onLoopback = (key: string) =>
    String(nginxEnv[key] ?? '').replace(/server\s+[\w.-]+:(\d+)/g, 'server 127.0.0.1:$1');
  const renders: [string, (dir: string) => string][] = [
    [
      'as the tests render it',
      (dir) => renderNginxConfig(dir, '127.0.0.1:18080', [18091, 18092], { mediaPort: 18081 }),
    ],
    [
      "with compose.yaml's values",
      (dir) =>
        nginxMainConfig(
          dir,
          renderTemplate(readFileSync(NGINX_SITE_TEMPLATE, 'utf8'), {
            YANBO_LISTEN: String(nginxEnv.YANBO_LISTEN),
            YANBO_API_SERVERS: onLoopback('YANBO_API_SERVERS'),
            YANBO_MEDIA_SERVERS: onLoopback('YANBO_MEDIA_SERVERS'),
          }),
        ),
    ],
  ];
  for (const [what, render] of renders) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yanbo-nginx-check-'));
    try {
      writeFileSync(path.join(dir, 'nginx.conf'), render(dir));
      const run = spawnSync(
        NGINX,
        ['-t', '-q', '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-p', dir],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) problems.push(`nginx -t refuses the site ${what}: ${run.stderr.trim()}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// systemd

const UNIT_DIR = path.join(DEPLOY, 'systemd');
/** What every unit of a Yanbo process carries (the brief of a hardened long-running service). */
const HARDENING = ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'PrivateTmp=yes', 'Restart=on-failure'];
/** Set per unit by its own Environment= lines, which an EnvironmentFile would override. */
const PER_UNIT = ['PORT', 'HOST', 'WORKER_PORT', 'MEDIA_PORT', 'RTMP_PORT', 'MEDIA_RTMP_URL'];

/** Each `Key=value` line of a unit's [Service] section, in order. */
function serviceLines(unit: string): [string, string][] {
  const section = /\[Service\]([\s\S]*?)(?:\n\[|$)/.exec(unit)?.[1] ?? '';
  return section
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

/** The units' settings against the code and each other (no systemd needed). */
export function checkUnits(envExample = readFileSync(path.join(UNIT_DIR, 'yanbo.env.example'), 'utf8')): string[] {
  const problems: string[] = [];
  const server = serverVariables();
  const env = envFileEntries(envExample);
  for (const key of env.keys()) {
    if (!readsVariable(server, key)) problems.push(`yanbo.env.example sets ${key}, which the server never reads`);
    if (PER_UNIT.includes(key)) problems.push(`yanbo.env.example sets ${key}, which would override the units' own`);
  }
  const grace = Number(env.get('SHUTDOWN_GRACE_MS') ?? DEFAULT_SHUTDOWN_GRACE_MS);
  const dataDir = env.get('DATA_DIR');
  if (!dataDir) problems.push('yanbo.env.example does not set DATA_DIR');
  const units = readdirSync(UNIT_DIR).filter((file) => file.endsWith('.service'));
  const roles = new Set<Role>();
  let hardening: string | null = null;
  for (const file of units) {
    const lines = serviceLines(readFileSync(path.join(UNIT_DIR, file), 'utf8'));
    const values = (key: string) => lines.filter(([k]) => k === key).map(([, v]) => v);
    const exec = values('ExecStart')[0]?.split(/\s+/) ?? [];
    const command = exec[0] === `${INSTALL_DIR}/node_modules/.bin/node` ? ['node', ...exec.slice(1)] : exec;
    const entry = entryFile(command);
    problems.push(...entryProblems(`${file}'s ExecStart`, command, read('package.json')));
    const role = ROLES[entry ?? ''];
    if (role) roles.add(role);
    const own = new Map(values('Environment').map((assignment) => assignment.split('=', 2) as [string, string]));
    for (const key of own.keys())
      if (!readsVariable(server, key)) problems.push(`${file} sets ${key}, which the server never reads`);
    // A line in yanbo.env.example, even empty, is one the operator fills in; S3_* only once a bucket is chosen.
    for (const needed of REQUIRED[role ?? 'api'].filter((key) => !key.startsWith('S3_') || env.has('S3_ENDPOINT')))
      if (!own.get(needed) && !env.has(needed)) problems.push(`${file} (${role}) is not given ${needed}`);
    if (!values('EnvironmentFile').includes('/etc/yanbo/yanbo.env'))
      problems.push(`${file} does not read /etc/yanbo/yanbo.env`);
    for (const line of HARDENING)
      if (!lines.some(([k, v]) => `${k}=${v}` === line)) problems.push(`${file} lacks ${line}`);
    if (dataDir && !values('ReadWritePaths').some((paths) => paths.split(/\s+/).includes(dataDir)))
      problems.push(`${file} may not write DATA_DIR (${dataDir}): no ReadWritePaths for it`);
    const stop = durationMs(values('TimeoutStopSec')[0]);
    if (stop === null || stop <= grace)
      problems.push(`${file}'s TimeoutStopSec is not above SHUTDOWN_GRACE_MS (${grace})`);
    if (values('KillSignal')[0] !== 'SIGTERM') problems.push(`${file} is not stopped with SIGTERM`);
    // The same hardening block in every unit, so one is never loosened alone.
    const block = lines
      .filter(([k]) =>
        /^(Protect|Private|Restrict|NoNewPrivileges|ReadWritePaths|CapabilityBoundingSet|LockPersonality|SystemCall|UMask)/.test(
          k,
        ),
      )
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    if (hardening !== null && block !== hardening) problems.push(`${file}'s hardening differs from the other units'`);
    hardening ??= block;
  }
  for (const role of ['api', 'worker', 'media'] as const)
    if (!roles.has(role)) problems.push(`no unit runs the ${role} process`);
  if (!units.includes('yanbo-api@.service')) problems.push('no yanbo-api@.service template (an API process per port)');
  return problems;
}

/** systemd's analyzer, which verifies unit files without systemd running as PID 1. */
export const systemdAnalyze = () =>
  ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => existsSync(file)) ?? null;

/** `systemd-analyze verify` on every unit, the code taken from this repository; null without systemd-analyze. */
export function verifyUnits(): string[] | null {
  const analyze = systemdAnalyze();
  if (!analyze) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yanbo-units-'));
  try {
    const files = readdirSync(UNIT_DIR).filter((file) => /\.(service|target)$/.test(file));
    for (const file of files) {
      // verify checks that ExecStart's program exists: the repository's node_modules stands in for the install.
      const unit = readFileSync(path.join(UNIT_DIR, file), 'utf8').replaceAll(INSTALL_DIR, ROOT);
      writeFileSync(path.join(dir, file), unit);
    }
    const run = spawnSync(analyze, ['verify', ...files.map((file) => path.join(dir, file))], {
      encoding: 'utf8',
      cwd: dir,
    });
    // Unknown keys and bad values are only warnings to verify (exit 0): any line it prints is a problem here.
    const output = `${run.stdout}${run.stderr}`.trim();
    return run.status === 0 && !output ? [] : [`systemd-analyze verify: ${output || `exit ${run.status}`}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------

function main() {
  const checks: [string, () => string[] | null][] = [
    ['compose.yaml against the server', () => checkCompose()],
    ['compose.yaml by docker-compose', () => validateComposeWithDockerCompose()],
    ['the Dockerfile', () => checkDockerfile()],
    ['the nginx site', () => checkNginxSite()],
    ['nginx -t', () => testNginxConfig()],
    ['the systemd units', () => checkUnits()],
    ['systemd-analyze verify', () => verifyUnits()],
  ];
  let failed = false;
  for (const [what, check] of checks) {
    const problems = check();
    if (problems === null) console.log(`- ${what}: skipped (its tool is not installed)`);
    else if (problems.length === 0) console.log(`✓ ${what}`);
    else {
      failed = true;
      console.log(`✗ ${what}`);
      for (const problem of problems) console.log(`    ${problem}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.main) main();

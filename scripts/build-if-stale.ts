// `npm start` builds the console and the watch page only when their sources changed since the last build, or no
// build exists (issue 8: every start rebuilt the console, 25 s). A build leaves a stamp in its dist/: a hash of every
// input file's path and content (the app itself, the contracts it bundles, the lock file). Content, not mtimes, so a
// fresh clone or a checkout that only touches times does not rebuild, and a changed file always does.
//   node scripts/build-if-stale.ts            builds what is stale
//   node scripts/build-if-stale.ts --check    says what is stale, builds nothing (exit 1 when something is)

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';

export interface App {
  workspace: string;
  /** Files and folders the build reads, relative to the repository. */
  inputs: string[];
}

const SHARED = [
  'packages/contracts/src',
  'packages/portal/src',
  'packages/portal/package.json',
  'scripts/vite-precompress.ts',
  'packages/contracts/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
export const APPS: App[] = [
  {
    workspace: 'apps/console',
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map(
      (p) => `apps/console/${p}`,
    ),
  },
  {
    workspace: 'apps/watch',
    inputs: ['src', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map((p) => `apps/watch/${p}`),
  },
];

/** Every file under the inputs, sorted, tests left out (the build never reads them). */
function inputFiles(root: string, inputs: string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full)) walk(path.join(relative, entry));
    } else if (!/\.test\.tsx?$/.test(relative)) {
      files.push(relative.split(path.sep).join('/'));
    }
  };
  for (const input of [...inputs, ...SHARED]) walk(input);
  return files.sort();
}

export function sourceHash(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function stampPath(root: string, app: App) {
  return path.join(root, app.workspace, 'dist', STAMP);
}

/** No build (dist/index.html), no stamp, or a stamp of other sources. */
export function isStale(root: string, app: App, hash = sourceHash(root, app.inputs)): boolean {
  if (!existsSync(path.join(root, app.workspace, 'dist', 'index.html')) || !existsSync(stampPath(root, app)))
    return true;
  return readFileSync(stampPath(root, app), 'utf8').trim() !== hash;
}

export function writeStamp(root: string, app: App, hash = sourceHash(root, app.inputs)) {
  writeFileSync(stampPath(root, app), `${hash}\n`);
}

function main() {
  const checkOnly = process.argv.includes('--check');
  let stale = false;
  for (const app of APPS) {
    const hash = sourceHash(ROOT, app.inputs);
    if (!isStale(ROOT, app, hash)) {
      console.log(`${app.workspace}: up to date`);
      continue;
    }
    stale = true;
    if (checkOnly) {
      console.log(`${app.workspace}: stale`);
      continue;
    }
    console.log(`${app.workspace}: sources changed or no build, building`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = spawnSync(npm, ['run', 'build', '--workspace', app.workspace], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeStamp(ROOT, app, hash);
  }
  if (checkOnly && stale) process.exit(1);
}

if (import.meta.main) main();

// A feature's index.ts is its door (STYLE.md rule 9): code in one feature folder may import another feature only
// through that feature's index, never a file behind it. `npm run lint` runs this after Biome; it prints each import
// that reaches into another feature's internals, and exits 1 when there is one.
//   node scripts/check-feature-imports.ts

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The apps whose src/features/<area>/ folders are features. */
const APPS = ['apps/server', 'apps/console'];
const SOURCE = /\.(ts|tsx)$/;
/** Static imports and re-exports (`… from '…'`), side-effect imports and dynamic `import('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm;

export interface Violation {
  file: string;
  line: number;
  specifier: string;
}

/** The feature a path belongs to (`apps/console/src/features/ditches/...` → that app and `ditches`), if any. */
export function featureOf(relativePath: string): { app: string; area: string; rest: string } | null {
  const parts = relativePath.split(path.sep).join('/').split('/');
  const at = parts.indexOf('features');
  if (at < 3 || parts[at - 1] !== 'src' || parts.length < at + 3) return null;
  return { app: parts.slice(0, at - 1).join('/'), area: parts[at + 1] as string, rest: parts.slice(at + 2).join('/') };
}

/** The imports in one file's source that reach into another feature. `file` is relative to the repository. */
export function crossFeatureImports(file: string, source: string): Violation[] {
  const own = featureOf(file);
  if (!own) return [];
  const violations: Violation[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[1] as string;
    if (!specifier.startsWith('.')) continue;
    const target = featureOf(path.join(path.dirname(file), specifier));
    if (!target || target.area === own.area) continue;
    // The door: the folder itself, or its index file.
    if (/^(index(\.tsx?)?)?$/.test(target.rest)) continue;
    const line = source.slice(0, match.index).split('\n').length;
    violations.push({ file, line, specifier });
  }
  return violations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

export function checkRepository(root = ROOT): Violation[] {
  return APPS.flatMap((app) =>
    sourceFiles(path.join(root, app, 'src', 'features')).flatMap((full) =>
      crossFeatureImports(path.relative(root, full), readFileSync(full, 'utf8')),
    ),
  );
}

if (import.meta.main) {
  const violations = checkRepository();
  for (const v of violations) {
    console.error(`${v.file}:${v.line}: imports '${v.specifier}', inside another feature; import its index.ts instead`);
  }
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) reach into another feature's internals.`);
    process.exit(1);
  }
}

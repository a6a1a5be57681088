import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The signed-out pages load without antd (issue 9: /login within 200 KB of gzipped JavaScript): nothing the entry or
// these pages import statically may reach antd or its icons. antd comes with the console shell, imported dynamically.

const SRC = path.resolve(import.meta.dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((file) => existsSync(file));
}

/** Every package a module reaches through static imports, with the chain of files that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('.')) {
        const target = resolve(file, specifier);
        if (target && /\.tsx?$/.test(target)) walk(target, [...chain, path.relative(SRC, target)]);
      } else if (!reached.has(specifier)) {
        reached.set(specifier, chain);
      }
    }
  };
  walk(entry, [path.relative(SRC, entry)]);
  return reached;
}

describe('the signed-out pages', () => {
  it.each([
    'main.tsx',
    'features/account/login-page.tsx',
    'features/account/signup-page.tsx',
    'features/account/lostpass-page.tsx',
  ])('%s reaches no antd through static imports', (entry) => {
    const antd = [...packagesReached(path.join(SRC, entry))].filter(([name]) => /^(antd|@ant-design)(\/|$)/.test(name));
    // CSS is no script: the console's reset stylesheet is antd's. An icon's SVG data (@ant-design/icons-svg, a few
    // hundred bytes a module) is no component either.
    expect(antd.filter(([name]) => !name.endsWith('.css') && !name.startsWith('@ant-design/icons-svg/'))).toEqual([]);
  });
});

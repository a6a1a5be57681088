import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, isStale, writeStamp } from './build-if-stale.ts';

// npm start builds an app only when its sources changed since the stamped build, or when no build exists (issue 8).

const app: App = { workspace: 'apps/console', inputs: ['apps/console/src', 'apps/console/index.html'] };
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function repo() {
  root = mkdtempSync(path.join(tmpdir(), 'build-if-stale-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('apps/console/src/main.tsx', 'render()');
  write('apps/console/index.html', '<div id="root"></div>');
  write('packages/contracts/src/index.ts', 'export {}');
  return write;
}

describe('build-if-stale', () => {
  it('builds when there is no build, and not again until a source changes', () => {
    const write = repo();
    expect(isStale(root, app)).toBe(true);
    write('apps/console/dist/index.html', '<html></html>');
    // A build from before stamps existed (or an interrupted one) is rebuilt.
    expect(isStale(root, app)).toBe(true);
    writeStamp(root, app);
    expect(isStale(root, app)).toBe(false);
    // Tests are not build inputs.
    write('apps/console/src/main.test.ts', 'test()');
    expect(isStale(root, app)).toBe(false);
    write('apps/console/src/main.tsx', 'render(2)');
    expect(isStale(root, app)).toBe(true);
    writeStamp(root, app);
    // The contracts are bundled into the app: changing them rebuilds it.
    write('packages/contracts/src/index.ts', 'export const x = 1');
    expect(isStale(root, app)).toBe(true);
  });
});

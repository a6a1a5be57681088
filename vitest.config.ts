import { defineConfig } from 'vitest/config';

// Server test files share their workers' loaded modules (isolate: false): each file imported the whole server again,
// about a second of CPU per file, a third of the suite's CPU. The files that mock a module (the sweeps' route log
// of Fastify) or set the process's environment keep a module graph of their own.
const ISOLATED_SERVER_TESTS = [
  'apps/server/test/bad-input-sweep-*.test.ts',
  'apps/server/test/tenancy-sweep.test.ts',
  'apps/server/test/live-stream/crash-recovery.test.ts',
];

export default defineConfig({
  test: {
    // Most API test time is waiting (a database, ffmpeg, a socket), not computing: three files at a time instead of
    // Vitest's one on a 2-core machine (cores - 1) took the suite from 523 s to 355 s on a busy machine, and four (with
    // the bad-input sweep in four files) from 390 s to 327 s on a quiet one, the CPU still not full (1.5 cores of 2).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'portal',
          include: ['packages/portal/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ISOLATED_SERVER_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: ISOLATED_SERVER_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'watch',
          include: ['apps/watch/src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});

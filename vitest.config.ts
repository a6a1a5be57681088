import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Most API test time is waiting (a database, ffmpeg, a socket), not computing: three files at a time instead of
    // Vitest's one on a 2-core machine (cores - 1) took the suite from 523 s to 355 s on a busy machine.
    maxWorkers: 3,
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
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
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

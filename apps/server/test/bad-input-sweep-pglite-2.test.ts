import { vi } from 'vitest';
import { sweepBadInput } from './bad-input-sweep.ts';

// The bad-input sweep (bad-input-sweep.ts) on pglite, part 2 of 2 of the routes: the parts run side by side.
vi.mock('fastify', async (importOriginal) =>
  (await import('./sweep-world.ts')).sweptFastify(await importOriginal<typeof import('fastify')>()),
);

sweepBadInput('pglite', 1, 2);

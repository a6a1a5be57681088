import { CHUNK_LOAD_TIMEOUT_MS } from '@yanbo/contracts';

/** A page's script didn't arrive within the chunk load timeout (seed 000 §8, §9). */
export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Chunk load timed out after ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** import() that gives up after the chunk load timeout instead of leaving the page waiting forever. */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// Browsers word a failed dynamic import differently (Chromium, Safari, Firefox), and Vite's preload adds its own.
const FAILED_IMPORT =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** A page that couldn't be loaded (timed out, or the network/deploy lost its file): reloading is the cure. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  return error instanceof Error && FAILED_IMPORT.test(error.message);
}

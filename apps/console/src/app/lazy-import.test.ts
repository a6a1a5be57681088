import { CHUNK_LOAD_TIMEOUT_MS } from '@yanbo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, importWithTimeout, isChunkLoadError } from './lazy-import';

describe('importWithTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rejects a chunk that has not arrived after 120 seconds', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = importWithTimeout(() => new Promise<never>(() => {})).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('resolves with the module when it arrives in time, and leaves no timer behind', async () => {
    const module = { Page: 'page' };
    const loaded = importWithTimeout(
      () => new Promise<typeof module>((resolve) => setTimeout(() => resolve(module), 5_000)),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(loaded).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed import through unchanged', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await expect(importWithTimeout(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [new ChunkLoadTimeoutError(1), true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new TypeError('error loading dynamically imported module: /assets/a.js'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['a string', false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});

// Timing a query against its baseline in the same run, for the benchmarks that call services directly.

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

/**
 * fn and the baseline, once each to warm up, then `runs` times each alternately, so load from elsewhere on a shared
 * machine falls on both alike; answers fn's median and p95 and the baseline's median (ms).
 */
export async function timedAgainst(fn: () => Promise<unknown>, baseline: () => Promise<unknown>, runs: number) {
  await fn();
  await baseline();
  const times: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [run, into] of [
      [fn, times],
      [baseline, base],
    ] as const) {
      const started = process.hrtime.bigint();
      await run();
      into.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return { median: median(times), p95: p95(times), baseMedian: median(base) };
}

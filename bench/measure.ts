import autocannon from 'autocannon';

export const CONNECTIONS = 16;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Requests per second and latency of one route under load, after a 2 s warm-up. */
export async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One row of a benchmark's table in bench/README.md. */
export const tableRow = (label: string, f: Figures) => `| ${label} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`;

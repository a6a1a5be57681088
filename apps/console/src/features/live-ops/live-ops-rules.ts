import type { OnlineSample } from '@yanbo/contracts';

/** The curve's two series, real and virtual, as ECharts draws them: [time, count] pairs. */
export function curveSeries(curve: OnlineSample[]): { real: [number, number][]; virtual: [number, number][] } {
  return {
    real: curve.map((sample) => [Date.parse(sample.at), sample.real]),
    virtual: curve.map((sample) => [Date.parse(sample.at), sample.virtual]),
  };
}

/** A bitrate as kbit/s below 1 Mbit/s and Mbit/s above; a missing one as —. */
export function formatBitrate(kbps: number | null): string {
  if (kbps === null) return '—';
  return kbps >= 1000 ? `${(kbps / 1000).toFixed(2)} Mbps` : `${kbps} kbps`;
}

/** A latency in seconds with one decimal; a missing one as —. */
export function formatLatency(ms: number | null): string {
  return ms === null ? '—' : `${(ms / 1000).toFixed(1)} 秒`;
}

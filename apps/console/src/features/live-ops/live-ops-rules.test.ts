import { describe, expect, it } from 'vitest';
import { curveSeries, formatBitrate, formatLatency } from './live-ops-rules';

describe('the live operations screen', () => {
  it('draws real and virtual viewers as two series of the same moments', () => {
    const series = curveSeries([
      { at: '2026-11-25T10:00:00.000Z', real: 3, virtual: 40 },
      { at: '2026-11-25T10:00:10.000Z', real: 4, virtual: 55 },
    ]);
    expect(series.real).toEqual([
      [Date.parse('2026-11-25T10:00:00.000Z'), 3],
      [Date.parse('2026-11-25T10:00:10.000Z'), 4],
    ]);
    expect(series.virtual.map(([, count]) => count)).toEqual([40, 55]);
  });

  it('writes bitrates and latencies a person reads at a glance', () => {
    expect(formatBitrate(null)).toBe('—');
    expect(formatBitrate(850)).toBe('850 kbps');
    expect(formatBitrate(2500)).toBe('2.50 Mbps');
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(3240)).toBe('3.2 秒');
  });
});

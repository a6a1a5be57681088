import { LIVE_OPS_SAMPLE_SECONDS, type VirtualAudience } from '@yanbo/contracts';

// The virtual audience's curve (issue 10): nothing before the push starts; then a straight ramp from 0 to the target
// over rampMinutes (at once when 0); around it a jitter of ± jitterPercent, drawn once per sample period from the
// activity and the period, so every process of a cluster tells its viewers the same count at the same time.

type Curve = Pick<VirtualAudience, 'enabled' | 'target' | 'rampMinutes' | 'jitterPercent'>;

const PERIOD_MS = LIVE_OPS_SAMPLE_SECONDS * 1000;

/** A number in [-1, 1] fixed by the activity and the sample period (a 32-bit integer hash, no state). */
export function jitterOf(activityId: number, period: number): number {
  let h = Math.imul(activityId ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(period, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

/** The virtual viewers shown `now` for a push that started at `pushStartedAt` (null: not pushing). */
export function virtualOnline(curve: Curve, activityId: number, pushStartedAt: Date | null, now: Date): number {
  if (!curve.enabled || curve.target <= 0 || !pushStartedAt) return 0;
  const elapsed = now.getTime() - pushStartedAt.getTime();
  if (elapsed < 0) return 0;
  const rampMs = curve.rampMinutes * 60_000;
  const share = rampMs === 0 ? 1 : Math.min(1, elapsed / rampMs);
  const base = curve.target * share;
  const wander = (jitterOf(activityId, Math.floor(now.getTime() / PERIOD_MS)) * curve.jitterPercent) / 100;
  return Math.max(0, Math.round(base * (1 + wander)));
}

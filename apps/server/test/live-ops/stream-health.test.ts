import { describe, expect, it } from 'vitest';
import { healthBetween } from '../../src/features/live-ops/stream-health.ts';
import { ecmaArray, encodeAmf0Values } from '../../src/platform/ingest/amf0.ts';
import { StreamHub } from '../../src/platform/ingest/index.ts';

// A push's health as the embedded ingest measures it (issue 10, the live operations screen).

const KEYFRAME = Buffer.from([0x17, 0x01, 0, 0, 0, 1, 2, 3]);
const INTER = Buffer.from([0x27, 0x01, 0, 0, 0, 4, 5, 6]);
const HEADER = Buffer.from([0x17, 0x00, 0, 0, 0, 1, 0x64]);

describe('stream health', () => {
  it('counts frames, and frames skipped against the declared frame rate', () => {
    const hub = new StreamHub();
    const live = hub.publish('live', 'health', 1)!;
    live.pushScript(0, encodeAmf0Values(['@setDataFrame', 'onMetaData', ecmaArray({ framerate: 25 })]));
    live.pushMedia(9, 0, HEADER);
    live.pushMedia(9, 0, KEYFRAME);
    live.pushMedia(9, 40, INTER);
    live.pushMedia(9, 80, INTER);
    // 200 ms after 80: three frames' time, two of them skipped.
    live.pushMedia(9, 200, INTER);
    // A jump of more than 10 s is a new timeline, not dropped frames.
    live.pushMedia(9, 60_000, KEYFRAME);
    const info = live.info();
    expect(info.videoFrames).toBe(5);
    expect(info.droppedFrames).toBe(2);
  });

  it('measures bitrate and frame rate since the last sample, or since the publish for the first', () => {
    const startedAt = new Date(1_000_000);
    const info = { startedAt, bytesIn: 250_000, videoFrames: 250, droppedFrames: 3 } as Parameters<
      typeof healthBetween
    >[0];
    // 10 s from the publish: 250 kB is 200 kbit/s, 250 frames 25 per second.
    expect(healthBetween(info, undefined, 1_010_000)).toEqual({ bitrateKbps: 200, fps: 25, droppedFrames: 3 });
    // Since a sample 5 s ago at 150 kB and 150 frames: 160 kbit/s, 20 frames per second.
    expect(healthBetween(info, { bytes: 150_000, frames: 150, at: 1_005_000 }, 1_010_000)).toEqual({
      bitrateKbps: 160,
      fps: 20,
      droppedFrames: 3,
    });
  });
});

import type { LiveStreamInfo } from '../../platform/ingest/index.ts';

// A push's health as the ingest holding it measures it (issue 10, the live operations screen): the bitrate and frame
// rate since the last sample (since the publish for the first) and the frames the encoder skipped so far.

export interface Counters {
  bytes: number;
  frames: number;
  at: number;
}

export interface Health {
  bitrateKbps: number;
  fps: number;
  droppedFrames: number;
}

export function healthBetween(stream: LiveStreamInfo, before: Counters | undefined, now: number): Health {
  const from = before ?? { bytes: 0, frames: 0, at: stream.startedAt.getTime() };
  const seconds = Math.max((now - from.at) / 1000, 0.001);
  const bytes = Math.max(0, stream.bytesIn - from.bytes);
  const frames = Math.max(0, stream.videoFrames - from.frames);
  return {
    bitrateKbps: Math.round((bytes * 8) / 1000 / seconds),
    fps: Math.round((frames / seconds) * 10) / 10,
    droppedFrames: stream.droppedFrames,
  };
}

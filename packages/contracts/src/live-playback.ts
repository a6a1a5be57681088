// How the console's preview and the watch page play a live FLV stream (mpegts.js options). No zod here: the watch page
// imports this file alone to stay small.

/**
 * The server starts a viewer at the last keyframe, up to a GOP behind live: jump when more than 1.5 s behind, and
 * play a little faster past 1 s until 0.6 s, so every player runs at the live edge (issue 8). Through a publisher's
 * reconnect the connection stays open and the player picks up the new push by itself.
 */
export const LIVE_EDGE = {
  enableStashBuffer: false,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.5,
  liveBufferLatencyMinRemain: 0.3,
  liveSync: true,
  liveSyncMaxLatency: 1,
  liveSyncTargetLatency: 0.6,
  liveSyncPlaybackRate: 1.2,
} as const;

import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// What the slow-viewer tests measure: the Buffers a stream's viewers hold, after two full collections, and a stream
// heavy enough (about 3 Mbps) for a stalled viewer's queue to matter.

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export const MB = 1024 * 1024;

/** Bytes held in ArrayBuffers (every Buffer's memory) once garbage is collected. */
export function arrayBuffers(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

/** One frame of a ~3 Mbps stream: 25 fps video of 15 kB frames (an FLV video tag body, AVC). */
export function videoFrame(keyframe: boolean): Buffer {
  const frame = Buffer.alloc(15_000, 0x11);
  frame.set([keyframe ? 0x17 : 0x27, 1, 0, 0, 0, 0, 0, 0x3a, 0x93, keyframe ? 0x65 : 0x41]);
  return frame;
}

interface MediaSink {
  pushMedia(type: number, timestamp: number, data: Buffer): void;
}

/**
 * 100 s of a ~3 Mbps stream (audio and video, a keyframe every 2 s), fed as fast as the viewers' sockets take it;
 * `measure` is called every 10 s of stream and the largest answer is returned as the peak.
 */
export async function feedStream(live: MediaSink, measure: () => number): Promise<{ frames: number; peak: number }> {
  let peak = 0;
  let frames = 0;
  for (let frame = 0; frame < 2500; frame++) {
    const ms = frame * 40;
    live.pushMedia(8, ms, Buffer.alloc(400, 0xaf));
    live.pushMedia(9, ms, videoFrame(frame % 50 === 0));
    frames++;
    if (frame % 250 === 249) peak = Math.max(peak, measure());
    await tick();
    if (frame % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { frames, peak };
}

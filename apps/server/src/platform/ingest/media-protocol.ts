import type { ServeFlvOptions } from './http-flv.ts';
import type { HubOptions } from './stream-hub.ts';

// The messages between the API process and its media worker (media-process.ts, media-worker.ts), over the fork's IPC
// channel with structured-clone serialisation (Buffers arrive as Uint8Arrays).

export interface ForwardedTag {
  type: 8 | 9 | 18;
  timestamp: number;
  data: Uint8Array;
}

export type MediaToWorker =
  | { t: 'init'; hub: HubOptions; flv: ServeFlvOptions }
  | { t: 'publish'; app: string; stream: string; publisherId: number }
  | { t: 'tags'; key: string; tags: ForwardedTag[] }
  | { t: 'unpublish'; app: string; stream: string }
  | { t: 'endViewers'; app: string; stream: string }
  /** Sent with the viewer's socket: the request head the API process already read off it. */
  | { t: 'viewer'; id: number; head: string };

export type WorkerToMedia = { t: 'ready' } | { t: 'left'; id: number; bytes: number };

/**
 * The RTMP chunk stream (Adobe RTMP specification, section 5.3): splitting messages into chunks and reassembling
 * them, with the four chunk header formats, 1/2/3-byte basic headers and extended timestamps.
 */

export const MessageType = {
  setChunkSize: 1,
  abort: 2,
  acknowledgement: 3,
  userControl: 4,
  windowAckSize: 5,
  setPeerBandwidth: 6,
  audio: 8,
  video: 9,
  dataAmf3: 15,
  sharedObjectAmf3: 16,
  commandAmf3: 17,
  dataAmf0: 18,
  sharedObjectAmf0: 19,
  commandAmf0: 20,
  aggregate: 22,
} as const;

export const UserControlEvent = {
  streamBegin: 0,
  streamEof: 1,
  streamDry: 2,
  setBufferLength: 3,
  streamIsRecorded: 4,
  pingRequest: 6,
  pingResponse: 7,
} as const;

export interface RtmpMessage {
  /** Chunk stream id the message travelled on. */
  csid: number;
  typeId: number;
  /** Message stream id (0 for NetConnection and protocol control). */
  streamId: number;
  /** Milliseconds, 32-bit. */
  timestamp: number;
  payload: Buffer;
}

export class RtmpProtocolError extends Error {}

export const DEFAULT_CHUNK_SIZE = 128;
/**
 * The largest Set Chunk Size accepted. Encoders send 4096 (ffmpeg, OBS) or keep 128 (GStreamer's rtmp2sink by
 * default); SRS advertises [128, 65536] and server-to-server pushes go higher (Flussonic, ossrs/srs#160). 1 MiB keeps
 * all of them, and costs nothing: a chunk's body is consumed as it arrives, never buffered whole, so memory follows
 * the message limits below, not the chunk size.
 */
export const MAX_CHUNK_SIZE = 1024 * 1024;
/**
 * The largest message accepted (media, once a publish is authorised). nginx-rtmp stops at 1 MB by default, which cuts
 * the keyframes of high-bitrate 4K pushes; 8 MiB holds a 4K keyframe at 50 Mbps with room to spare.
 */
export const DEFAULT_MAX_MESSAGE_SIZE = 8 * 1024 * 1024;
/** Commands, data and control messages are small (a connect is a few hundred bytes; onMetaData about a kilobyte). */
export const DEFAULT_MAX_COMMAND_SIZE = 64 * 1024;
/** nginx-rtmp's max_streams: ffmpeg and OBS use about six chunk streams. */
export const DEFAULT_MAX_CHUNK_STREAMS = 32;
/** Bytes held for messages still arriving, across all chunk streams: room for the largest message twice over. */
export const DEFAULT_MAX_BUFFERED_BYTES = 2 * DEFAULT_MAX_MESSAGE_SIZE;
const EXTENDED = 0xffffff;

export interface ChunkParserLimits {
  /** Largest message of any type (default {@link DEFAULT_MAX_MESSAGE_SIZE}). */
  maxMessageSize: number;
  /** Largest message that is not audio, video or aggregate (default {@link DEFAULT_MAX_COMMAND_SIZE}). */
  maxCommandSize: number;
  maxChunkStreams: number;
  /** Memory held for incomplete messages plus a partial chunk header, across chunk streams. */
  maxBufferedBytes: number;
  /** Largest Set Chunk Size accepted. */
  maxChunkSize: number;
}

interface ChunkStreamState {
  timestamp: number;
  delta: number;
  length: number;
  typeId: number;
  streamId: number;
  extended: boolean;
  /** Message in progress: grown as its bytes arrive, never to the declared length up front. */
  buffer: Buffer | null;
  received: number;
  started: boolean;
}

function isMedia(typeId: number) {
  return typeId === MessageType.audio || typeId === MessageType.video || typeId === MessageType.aggregate;
}

/**
 * Incremental chunk stream parser. Feed it raw bytes as they arrive; it returns the messages completed. A chunk's
 * body is taken as it arrives, so what is held is the bytes really received, bounded by {@link ChunkParserLimits}.
 * Throws {@link RtmpProtocolError} on malformed input or a broken limit (the caller closes the connection).
 */
export class ChunkParser {
  chunkSize = DEFAULT_CHUNK_SIZE;
  limits: ChunkParserLimits;
  /** Header bytes of a chunk not complete yet (at most 18). */
  private pending: Buffer = Buffer.alloc(0);
  private streams = new Map<number, ChunkStreamState>();
  /** The chunk whose body is being read, and how many of its bytes are still to come. */
  private current: { csid: number; state: ChunkStreamState; remaining: number } | null = null;
  private held = 0;

  constructor(options: Partial<ChunkParserLimits> = {}) {
    this.limits = {
      maxMessageSize: DEFAULT_MAX_MESSAGE_SIZE,
      maxCommandSize: DEFAULT_MAX_COMMAND_SIZE,
      maxChunkStreams: DEFAULT_MAX_CHUNK_STREAMS,
      maxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
      maxChunkSize: MAX_CHUNK_SIZE,
      ...options,
    };
  }

  /** Kept for callers of the single message limit. */
  get maxMessageSize() {
    return this.limits.maxMessageSize;
  }

  set maxMessageSize(size: number) {
    this.limits.maxMessageSize = size;
  }

  /** Changes limits from the next chunk on (a connection whose publish was authorised may send larger media). */
  setLimits(limits: Partial<ChunkParserLimits>) {
    this.limits = { ...this.limits, ...limits };
    if (this.held > this.limits.maxBufferedBytes) throw new RtmpProtocolError('Too many bytes buffered');
  }

  setChunkSize(size: number) {
    if (!Number.isInteger(size) || size < 1 || size > this.limits.maxChunkSize) {
      throw new RtmpProtocolError(`Invalid chunk size ${size}`);
    }
    this.chunkSize = size;
  }

  /** Abort Message: discards the partly received message on that chunk stream. */
  abort(csid: number) {
    const state = this.streams.get(csid);
    if (state) {
      this.release(state);
      state.started = false;
    }
  }

  /** Bytes held: incomplete messages and a partial chunk header. */
  get buffered() {
    return this.held + this.pending.length;
  }

  /**
   * Consumes bytes and returns the completed messages. `onMessage` is called for each as soon as it completes, so a
   * Set Chunk Size takes effect for the very next chunk in the same buffer.
   */
  push(data: Buffer, onMessage: (message: RtmpMessage) => void) {
    // Only a few header bytes are ever pending, so joining them to the new data is cheap.
    const buf = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    this.pending = Buffer.alloc(0);
    let offset = 0;
    while (offset < buf.length) {
      const current = this.current;
      if (current) {
        const take = Math.min(current.remaining, buf.length - offset);
        this.append(current.state, buf, offset, take);
        offset += take;
        current.remaining -= take;
        if (current.remaining === 0) {
          this.current = null;
          this.completeIfWhole(current.csid, current.state, onMessage);
        }
        continue;
      }
      const used = this.readHeader(buf, offset, onMessage);
      if (used === 0) {
        this.pending = Buffer.from(buf.subarray(offset));
        break;
      }
      offset += used;
    }
  }

  private release(state: ChunkStreamState) {
    if (state.buffer) this.held -= state.buffer.length;
    state.buffer = null;
    state.received = 0;
  }

  /** Copies bytes into the message, growing its buffer by doubling up to its declared length. */
  private append(state: ChunkStreamState, buf: Buffer, offset: number, size: number) {
    if (size === 0) return;
    const needed = state.received + size;
    const capacity = state.buffer?.length ?? 0;
    if (needed > capacity) {
      const grown = Math.min(state.length, Math.max(needed, capacity * 2));
      if (this.held + grown - capacity > this.limits.maxBufferedBytes) {
        throw new RtmpProtocolError('Too many bytes buffered for incomplete messages');
      }
      const next = Buffer.allocUnsafe(grown);
      if (state.buffer) state.buffer.copy(next, 0, 0, state.received);
      this.held += grown - capacity;
      state.buffer = next;
    }
    buf.copy(state.buffer as Buffer, state.received, offset, offset + size);
    state.received = needed;
  }

  private completeIfWhole(csid: number, state: ChunkStreamState, onMessage: (message: RtmpMessage) => void) {
    if (state.received < state.length) return;
    // The buffer only ever grows to the declared length, so a whole message fills it exactly.
    const payload = state.buffer ?? Buffer.alloc(0);
    if (state.buffer) this.held -= state.buffer.length;
    state.buffer = null;
    state.received = 0;
    state.started = false;
    onMessage({ csid, typeId: state.typeId, streamId: state.streamId, timestamp: state.timestamp, payload });
  }

  /** Reads one chunk header at offset; returns the bytes used, or 0 when the header is not complete yet. */
  private readHeader(buf: Buffer, start: number, onMessage: (message: RtmpMessage) => void): number {
    let p = start;
    const first = buf[p++];
    const fmt = first >> 6;
    let csid = first & 0x3f;
    if (csid === 0) {
      if (buf.length < p + 1) return 0;
      csid = 64 + buf[p++];
    } else if (csid === 1) {
      if (buf.length < p + 2) return 0;
      csid = 64 + buf[p] + buf[p + 1] * 256;
      p += 2;
    }
    const headerSize = fmt === 0 ? 11 : fmt === 1 ? 7 : fmt === 2 ? 3 : 0;
    if (buf.length < p + headerSize) return 0;

    let state = this.streams.get(csid);
    if (!state) {
      if (fmt !== 0) throw new RtmpProtocolError(`Chunk stream ${csid} starts with a type ${fmt} chunk`);
      if (this.streams.size >= this.limits.maxChunkStreams) throw new RtmpProtocolError('Too many chunk streams');
      state = {
        timestamp: 0,
        delta: 0,
        length: 0,
        typeId: 0,
        streamId: 0,
        extended: false,
        buffer: null,
        received: 0,
        started: false,
      };
    }

    // Parse the header into locals first: nothing is committed until the whole header is here.
    let tsField = 0;
    let length = state.length;
    let typeId = state.typeId;
    let streamId = state.streamId;
    if (fmt <= 2) tsField = buf.readUIntBE(p, 3);
    if (fmt <= 1) {
      length = buf.readUIntBE(p + 3, 3);
      typeId = buf[p + 6];
    }
    if (fmt === 0) streamId = buf.readUInt32LE(p + 7);
    p += headerSize;

    const extended = fmt <= 2 ? tsField === EXTENDED : state.extended;
    if (extended) {
      if (buf.length < p + 4) return 0;
      if (fmt <= 2) tsField = buf.readUInt32BE(p);
      p += 4;
    }

    // A full header while a message is still incomplete starts a new message: the unfinished one is dropped.
    const continuing = fmt === 3 && state.started;
    const limit = isMedia(typeId)
      ? this.limits.maxMessageSize
      : Math.min(this.limits.maxMessageSize, this.limits.maxCommandSize);
    if (length > limit) throw new RtmpProtocolError(`Message of ${length} bytes (type ${typeId}) is too large`);

    // Commit.
    this.streams.set(csid, state);
    if (!continuing) {
      if (fmt === 0) {
        state.timestamp = tsField;
        state.delta = tsField;
      } else if (fmt === 1 || fmt === 2) {
        state.delta = tsField;
        state.timestamp = (state.timestamp + tsField) >>> 0;
      } else {
        state.timestamp = (state.timestamp + state.delta) >>> 0;
      }
      this.release(state);
      state.length = length;
      state.typeId = typeId;
      state.streamId = streamId;
      state.extended = extended;
      state.started = true;
    }
    const size = Math.min(this.chunkSize, state.length - state.received);
    if (size > 0) this.current = { csid, state, remaining: size };
    else this.completeIfWhole(csid, state, onMessage);
    return p - start;
  }
}

function basicHeader(fmt: number, csid: number): Buffer {
  if (csid < 2 || csid > 65599) throw new RtmpProtocolError(`Invalid chunk stream id ${csid}`);
  if (csid < 64) return Buffer.from([(fmt << 6) | csid]);
  if (csid < 320) return Buffer.from([fmt << 6, csid - 64]);
  const id = csid - 64;
  return Buffer.from([(fmt << 6) | 1, id & 0xff, id >> 8]);
}

/**
 * Splits one message into chunks: a type 0 chunk then type 3 continuation chunks, each carrying the extended
 * timestamp again when the timestamp does not fit in 24 bits.
 */
export function encodeChunks(message: RtmpMessage, chunkSize: number): Buffer {
  const { csid, typeId, streamId, payload } = message;
  const timestamp = message.timestamp >>> 0;
  const extended = timestamp >= EXTENDED;
  const header = Buffer.alloc(11 + (extended ? 4 : 0));
  header.writeUIntBE(extended ? EXTENDED : timestamp, 0, 3);
  header.writeUIntBE(payload.length, 3, 3);
  header[6] = typeId;
  header.writeUInt32LE(streamId >>> 0, 7);
  if (extended) header.writeUInt32BE(timestamp, 11);

  const parts: Buffer[] = [basicHeader(0, csid), header];
  const continuation = basicHeader(3, csid);
  let ext: Buffer | null = null;
  if (extended) {
    ext = Buffer.alloc(4);
    ext.writeUInt32BE(timestamp);
  }
  for (let offset = 0; offset < payload.length; offset += chunkSize) {
    if (offset > 0) {
      parts.push(continuation);
      if (ext) parts.push(ext);
    }
    parts.push(payload.subarray(offset, Math.min(payload.length, offset + chunkSize)));
  }
  return Buffer.concat(parts);
}

// Protocol control and user control messages (all on chunk stream 2, message stream 0).

function control(typeId: number, payload: Buffer): RtmpMessage {
  return { csid: 2, typeId, streamId: 0, timestamp: 0, payload };
}

function u32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
}

export function setChunkSizeMessage(size: number): RtmpMessage {
  return control(MessageType.setChunkSize, u32(size & 0x7fffffff));
}

export function acknowledgementMessage(sequenceNumber: number): RtmpMessage {
  return control(MessageType.acknowledgement, u32(sequenceNumber));
}

export function windowAckSizeMessage(size: number): RtmpMessage {
  return control(MessageType.windowAckSize, u32(size));
}

/** limitType: 0 hard, 1 soft, 2 dynamic. */
export function setPeerBandwidthMessage(size: number, limitType: number): RtmpMessage {
  const b = Buffer.alloc(5);
  b.writeUInt32BE(size >>> 0);
  b[4] = limitType;
  return control(MessageType.setPeerBandwidth, b);
}

export function userControlMessage(event: number, value: number): RtmpMessage {
  const b = Buffer.alloc(6);
  b.writeUInt16BE(event);
  b.writeUInt32BE(value >>> 0, 2);
  return control(MessageType.userControl, b);
}

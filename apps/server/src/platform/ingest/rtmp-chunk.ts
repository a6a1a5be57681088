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
export const MAX_CHUNK_SIZE = 0xffffff;
/** The largest message the parser accepts (a 4K keyframe is well under this). */
export const DEFAULT_MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
const MAX_CHUNK_STREAMS = 512;
const EXTENDED = 0xffffff;

interface ChunkStreamState {
  timestamp: number;
  delta: number;
  length: number;
  typeId: number;
  streamId: number;
  extended: boolean;
  /** Message in progress: chunks received so far. */
  parts: Buffer[];
  received: number;
  started: boolean;
}

/**
 * Incremental chunk stream parser. Feed it raw bytes as they arrive; it returns the messages completed.
 * Throws {@link RtmpProtocolError} on malformed input (the caller closes the connection).
 */
export class ChunkParser {
  chunkSize = DEFAULT_CHUNK_SIZE;
  maxMessageSize: number;
  private pending: Buffer = Buffer.alloc(0);
  private streams = new Map<number, ChunkStreamState>();

  constructor(options: { maxMessageSize?: number } = {}) {
    this.maxMessageSize = options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
  }

  setChunkSize(size: number) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_CHUNK_SIZE) {
      throw new RtmpProtocolError(`Invalid chunk size ${size}`);
    }
    this.chunkSize = size;
  }

  /** Abort Message: discards the partly received message on that chunk stream. */
  abort(csid: number) {
    const state = this.streams.get(csid);
    if (state) {
      state.parts = [];
      state.received = 0;
      state.started = false;
    }
  }

  /** Bytes held waiting for the rest of a chunk. */
  get buffered() {
    return this.pending.length;
  }

  /**
   * Consumes bytes and returns the completed messages. `onMessage` is called for each as soon as it completes, so a
   * Set Chunk Size takes effect for the very next chunk in the same buffer.
   */
  push(data: Buffer, onMessage: (message: RtmpMessage) => void) {
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    let offset = 0;
    for (;;) {
      const used = this.readChunk(this.pending, offset, onMessage);
      if (used === 0) break;
      offset += used;
    }
    this.pending = offset >= this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
    // Keep a private copy of a small remainder so the large socket buffer it came from can be released.
    if (this.pending.length > 0 && this.pending.length < 4096) this.pending = Buffer.from(this.pending);
  }

  /** Reads one chunk at offset; returns the bytes used, or 0 when the chunk is not complete yet. */
  private readChunk(buf: Buffer, start: number, onMessage: (message: RtmpMessage) => void): number {
    let p = start;
    const available = buf.length - start;
    if (available < 1) return 0;
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
      if (this.streams.size >= MAX_CHUNK_STREAMS) throw new RtmpProtocolError('Too many chunk streams');
      state = {
        timestamp: 0,
        delta: 0,
        length: 0,
        typeId: 0,
        streamId: 0,
        extended: false,
        parts: [],
        received: 0,
        started: false,
      };
    }

    // Parse the header into locals first: nothing is committed until the whole chunk is here.
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
    if (length > this.maxMessageSize) throw new RtmpProtocolError(`Message of ${length} bytes is too large`);

    const remaining = length - (continuing ? state.received : 0);
    const size = Math.min(this.chunkSize, remaining);
    if (buf.length < p + size) return 0;

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
      state.length = length;
      state.typeId = typeId;
      state.streamId = streamId;
      state.extended = extended;
      state.started = true;
      state.parts = [];
      state.received = 0;
    }
    if (size > 0) state.parts.push(buf.subarray(p, p + size));
    state.received += size;
    p += size;

    if (state.received >= state.length) {
      const payload =
        state.parts.length === 1 ? Buffer.from(state.parts[0]) : Buffer.concat(state.parts, state.received);
      state.parts = [];
      state.received = 0;
      state.started = false;
      onMessage({ csid, typeId: state.typeId, streamId: state.streamId, timestamp: state.timestamp, payload });
    }
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

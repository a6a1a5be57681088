/**
 * An RTMP server inside the Node process (Adobe RTMP specification): simple handshake, chunk stream, protocol
 * control, NetConnection / NetStream commands in AMF0. Publishers (OBS, ffmpeg) push into the stream hub after
 * `authorizePublish` accepts their stream key; players may pull over RTMP too. A publish ends on deleteStream /
 * FCUnpublish and at once when the connection closes, errors or goes silent — never on a long timeout.
 *
 * Before a publish is authorised nobody is trusted (issue 8, "the RTMP port before authentication"): connections are
 * capped per address and in total, the handshake, the connect and the publish or play each have a deadline measured
 * from accept (not an idle timeout a byte every few seconds resets), and the chunk stream is held to small messages,
 * few chunk streams and a small buffer until the stream key is accepted. One encoder publishes a stream at a time:
 * a second one is refused while the first is live, as nginx-rtmp does, and accepted once the first is gone.
 *
 * Players hang off the stream's channel in the hub, as HTTP-FLV viewers do (issue 8): each message is encoded into
 * chunks once per chunk size and message stream id, on the channel's own clock, and the same Buffer is written to
 * every player; a player stays connected through a publisher's reconnect within the grace period and goes on with
 * the new publish's sequence headers, its timestamps running on; one that cannot keep up drops to the next keyframe,
 * and one stuck or past a hard limit is disconnected so its queue is given back.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { type AmfDecodeLimits, type AmfObject, type AmfValue, decodeAmf0Values, encodeAmf0Values } from './amf0.ts';
import { isAacSequenceHeader, isVideoSequenceHeader, TagType } from './flv.ts';
import {
  acknowledgementMessage,
  ChunkParser,
  DEFAULT_MAX_CHUNK_STREAMS,
  DEFAULT_MAX_COMMAND_SIZE,
  DEFAULT_MAX_MESSAGE_SIZE,
  encodeChunks,
  MAX_CHUNK_SIZE,
  MessageType,
  type RtmpMessage,
  RtmpProtocolError,
  setChunkSizeMessage,
  setPeerBandwidthMessage,
  UserControlEvent,
  userControlMessage,
  windowAckSizeMessage,
} from './rtmp-chunk.ts';
import {
  createViewerPacer,
  type FlvFrame,
  type FlvViewer,
  type LiveStream,
  type MediaTag,
  StreamHub,
} from './stream-hub.ts';

/** 'takeover' is no longer produced: a second publisher is refused while the first is live. */
export type PublishEndReason = 'unpublish' | 'close' | 'error' | 'timeout' | 'takeover' | 'shutdown';

export interface PublishInfo {
  sessionId: number;
  remoteAddress: string;
  /** Set for onPublishEnd: why the publish ended. */
  reason?: PublishEndReason;
}

export interface RtmpServerOptions {
  /** 0 picks a free port (default 1935). */
  port?: number;
  /** Default: all interfaces. */
  host?: string;
  /** Where published streams go; a new hub when omitted. */
  hub?: StreamHub;
  /**
   * Decides whether a publish may start. `query` holds the parameters of the publish name's query string
   * (`stream?key=...`), of the connect app (`app?key=...`) and of the tcUrl, the publish name's winning.
   */
  authorizePublish(
    app: string,
    stream: string,
    query: Record<string, string>,
    info: PublishInfo,
  ): Promise<boolean> | boolean;
  /** A play that is the server's own (a transcode reading the push, with its credential): not counted a viewer. */
  isInternalPlay?(app: string, stream: string, query: Record<string, string>): boolean;
  onPublishStart?(app: string, stream: string, info: PublishInfo): void | Promise<void>;
  onPublishEnd?(app: string, stream: string, info: PublishInfo): void | Promise<void>;
  log?: (line: string) => void;
  /**
   * A publisher silent for this long is disconnected (default 4000 ms); a publisher this silent is also gone for a
   * second encoder that wants its stream.
   */
  publishIdleTimeoutMs?: number;
  /**
   * A connection that has neither published nor played this long after it was accepted is closed (default 10 s). The
   * handshake and connect deadlines never exceed it.
   */
  handshakeTimeoutMs?: number;
  /** The whole handshake (C0, C1, C2) must arrive within this long of accept (default 5 s). */
  handshakeDeadlineMs?: number;
  /** The connect command must arrive within this long of accept (default 8 s). */
  connectDeadlineMs?: number;
  /** Outgoing chunk size (default 4096). */
  chunkSize?: number;
  /** Bytes queued for an RTMP player beyond which its frames are dropped (default 2 MiB). */
  maxPlayerPendingBytes?: number;
  /** A player whose queue passes this is disconnected at once (default 4 × maxPlayerPendingBytes). */
  playerHardLimitBytes?: number;
  /** A player that has been dropping frames this long without catching up is disconnected (default 10 s). */
  playerStallTimeoutMs?: number;
  /** Connections open at once; more are closed on accept (default 1000). */
  maxConnections?: number;
  /** Connections open at once from one address (default 16), except from {@link perIpExemptAddresses}. */
  maxConnectionsPerIp?: number;
  /**
   * Addresses without a per-address cap (default loopback: the server's own transcodes and relays read and push on
   * this machine). A TCP proxy in front of the RTMP port makes every client loopback: set this to [] then.
   */
  perIpExemptAddresses?: string[];
  /** Largest audio/video message of an authorised publisher (default 8 MiB). */
  maxMessageSize?: number;
  /** Largest command, data or control message, and any message before a publish is authorised (default 64 KiB). */
  maxCommandSize?: number;
  /** Largest Set Chunk Size a client may send (default 1 MiB). */
  maxChunkSize?: number;
  /** Chunk streams per connection (default 32, as nginx-rtmp). */
  maxChunkStreams?: number;
  /** Bytes held for incomplete messages before a publish is authorised (default 128 KiB). */
  maxUnauthorizedBufferedBytes?: number;
  /** Bytes held for incomplete messages once a publish is authorised (default 16 MiB). */
  maxBufferedBytes?: number;
}

export interface RtmpSessionInfo {
  id: number;
  remoteAddress: string;
  state: 'connecting' | 'connected' | 'publishing' | 'playing';
  app: string | null;
  stream: string | null;
  connectedAt: Date;
  bytesIn: number;
  bytesOut: number;
}

export interface RtmpServer {
  /** Starts listening; resolves with the actual port. */
  listen(): Promise<number>;
  /** Stops accepting, closes every connection (ending their publishes), resolves when the server is closed. */
  close(): Promise<void>;
  sessions(): RtmpSessionInfo[];
  /** Closes the connection publishing app/stream (the activity is gone); false when none is. */
  disconnectPublisher(app: string, stream: string): boolean;
  /** What the players' fan-out cost: messages written to players, and how many times one was encoded into chunks. */
  playerStats(): PlayerStats;
  readonly hub: StreamHub;
}

export interface PlayerStats {
  /** Audio, video and data messages written to players (each batch of a player counts its messages). */
  messages: number;
  /** Messages encoded into chunks: once per message per chunk size and stream id, whatever the number of players. */
  encodes: number;
}

const HANDSHAKE_SIZE = 1536;
const RTMP_VERSION = 3;
const WINDOW_ACK_SIZE = 5_000_000;
const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

const CSID = { command: 3, audio: 4, data: 5, video: 6, status: 5 } as const;

/**
 * What a command may decode to: a connect object has about fifteen properties (Enhanced RTMP adds a few lists), three
 * levels deep; the longest string is a tcUrl or stream name carrying a key.
 */
const COMMAND_DECODE_LIMITS: AmfDecodeLimits = {
  maxDepth: 8,
  maxKeys: 128,
  maxValues: 1024,
  maxStringLength: 8192,
  maxBytes: DEFAULT_MAX_COMMAND_SIZE,
};
/** Commands waiting behind a publish's authorisation: an encoder sends three or four, a flood is not an encoder. */
const MAX_QUEUED_COMMANDS = 64;
/** Plays on one connection: a player watches one stream; each play is a full fan-out of the stream. */
const MAX_PLAYS_PER_CONNECTION = 4;
/** Replies queued to a peer that does not read them, before it has published or played. */
const MAX_UNREAD_REPLY_BYTES = 1024 * 1024;
const LOOPBACK = ['127.0.0.1', '::1'];

interface ServerContext {
  options: RtmpServerOptions;
  hub: StreamHub;
  sessions: Map<number, Session>;
  /** The session publishing each app/stream. */
  publishers: Map<string, Session>;
  log: (line: string) => void;
  deadlines: { handshake: number; connect: number; publishOrPlay: number };
  playerStats: PlayerStats;
}

// A frame's (or a batch's) chunks per chunk size and message stream id, kept as long as the frame is (the channel's
// GOP cache, or the batch being written): every player with the same two gets the very same Buffer.
const frameChunks = new WeakMap<object, Map<number, Buffer>>();

function chunkCsid(type: number) {
  return type === TagType.audio ? CSID.audio : type === TagType.video ? CSID.video : CSID.data;
}

/** The frame as RTMP chunks (a type-0 header first, the timestamp absolute), encoded at most once per shape. */
function frameAsChunks(stats: PlayerStats, frame: FlvFrame, chunkSize: number, streamId: number): Buffer {
  // Chunk sizes are at most 2^31 and stream ids small: one number keys both.
  const shape = chunkSize * 65_536 + (streamId & 0xffff);
  let shapes = frameChunks.get(frame);
  if (!shapes) {
    shapes = new Map();
    frameChunks.set(frame, shapes);
  }
  let chunks = shapes.get(shape);
  if (!chunks) {
    stats.encodes++;
    chunks = encodeChunks(
      {
        csid: chunkCsid(frame.type),
        typeId: frame.type,
        streamId,
        timestamp: frame.timestamp,
        // The FLV tag less its 11-byte header and 4-byte PreviousTagSize is the message payload.
        payload: frame.bytes.subarray(11, frame.bytes.length - 4),
      },
      chunkSize,
    );
    shapes.set(shape, chunks);
  }
  return chunks;
}

/** A batch of frames (the channel's shared `bytes` names it) as one Buffer of chunks, built once per shape. */
function batchAsChunks(stats: PlayerStats, frames: FlvFrame[], bytes: Buffer, chunkSize: number, streamId: number) {
  if (frames.length === 1) return frameAsChunks(stats, frames[0], chunkSize, streamId);
  const shape = chunkSize * 65_536 + (streamId & 0xffff);
  let shapes = frameChunks.get(bytes);
  if (!shapes) {
    shapes = new Map();
    frameChunks.set(bytes, shapes);
  }
  let chunks = shapes.get(shape);
  if (!chunks) {
    chunks = Buffer.concat(frames.map((frame) => frameAsChunks(stats, frame, chunkSize, streamId)));
    shapes.set(shape, chunks);
  }
  return chunks;
}

let nextSessionId = 1;

function parseQuery(query: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!query) return result;
  for (const [key, value] of new URLSearchParams(query)) result[key] = value;
  return result;
}

function splitQuery(value: string): [string, string | undefined] {
  const at = value.indexOf('?');
  return at < 0 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

function safeCall(log: (line: string) => void, what: string, fn: () => unknown) {
  try {
    const result = fn();
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((error: unknown) => log(`[ingest:rtmp] ${what} failed: ${String(error)}`));
    }
  } catch (error) {
    log(`[ingest:rtmp] ${what} failed: ${String(error)}`);
  }
}

interface Publishing {
  live: LiveStream;
  streamId: number;
  app: string;
  stream: string;
}

interface Playing {
  streamId: number;
  stream: string;
  unsubscribe: () => void;
}

class Session {
  readonly id = nextSessionId++;
  readonly socket: net.Socket;
  readonly connectedAt = new Date();
  readonly remoteAddress: string;
  private readonly ctx: ServerContext;
  private phase: 'c0c1' | 'c2' | 'chunks' = 'c0c1';
  private handshake: Buffer = Buffer.alloc(0);
  private sentChunkSize = 128;
  private parser: ChunkParser;
  private outChunkSize: number;
  private deadline: NodeJS.Timeout | null = null;
  private queuedCommands = 0;
  private authorised = false;
  /** When the peer last sent anything: a publisher silent past the idle timeout is gone. */
  lastInputAt = Date.now();
  private app: string | null = null;
  private connectQuery: Record<string, string> = {};
  private lastStreamId = 0;
  private publishing: Publishing | null = null;
  private playing = new Map<number, Playing>();
  private commands: Promise<void> = Promise.resolve();
  private closed = false;
  bytesIn = 0;
  bytesOut = 0;
  private lastAck = 0;
  private peerWindow = 0;

  constructor(socket: net.Socket, ctx: ServerContext) {
    this.socket = socket;
    this.ctx = ctx;
    this.remoteAddress = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    this.outChunkSize = ctx.options.chunkSize ?? 4096;
    const commandSize = ctx.options.maxCommandSize ?? DEFAULT_MAX_COMMAND_SIZE;
    // Until a publish is authorised, media is no larger than a command: nothing may be pushed yet.
    this.parser = new ChunkParser({
      maxMessageSize: commandSize,
      maxCommandSize: commandSize,
      maxChunkSize: ctx.options.maxChunkSize ?? MAX_CHUNK_SIZE,
      maxChunkStreams: ctx.options.maxChunkStreams ?? DEFAULT_MAX_CHUNK_STREAMS,
      maxBufferedBytes: ctx.options.maxUnauthorizedBufferedBytes ?? 128 * 1024,
    });
    socket.setNoDelay(true);
    this.armDeadline(ctx.deadlines.handshake, 'handshake');
    socket.on('data', (data: Buffer) => this.onData(data));
    socket.on('timeout', () => {
      this.log('timed out (publisher silent)');
      this.terminate('timeout');
    });
    // The peer closed its side (FIN): the publish is over now, whatever comes later.
    socket.on('end', () => this.terminate('close'));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A peer that hangs up while something is still being written is ordinary, not worth a line.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') this.log(`socket error: ${error.message}`);
      this.terminate('error');
    });
    socket.on('close', () => this.terminate('close'));
  }

  private log(line: string) {
    this.ctx.log(`[ingest:rtmp] #${this.id} ${this.remoteAddress} ${line}`);
  }

  /**
   * Closes the connection unless it gets past `what` by `deadlineMs` after accept: a client that sends a byte every
   * few seconds gets no more time than one that sends nothing.
   */
  private armDeadline(deadlineMs: number, what: string) {
    this.clearDeadline();
    const left = Math.max(0, deadlineMs - (Date.now() - this.connectedAt.getTime()));
    this.deadline = setTimeout(() => {
      this.log(`closing: no ${what} within ${deadlineMs} ms`);
      this.terminate('timeout');
    }, left);
    this.deadline.unref();
  }

  private clearDeadline() {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  /** A publisher whose connection closed or that has been silent past the idle timeout. */
  isGone() {
    return (
      this.closed ||
      this.socket.destroyed ||
      Date.now() - this.lastInputAt > (this.ctx.options.publishIdleTimeoutMs ?? 4000)
    );
  }

  info(): RtmpSessionInfo {
    const state = this.publishing
      ? 'publishing'
      : this.playing.size > 0
        ? 'playing'
        : this.app !== null
          ? 'connected'
          : 'connecting';
    return {
      id: this.id,
      remoteAddress: this.remoteAddress,
      state,
      app: this.app,
      stream: this.publishing?.stream ?? [...this.playing.values()][0]?.stream ?? null,
      connectedAt: this.connectedAt,
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
    };
  }

  /** Ends everything this connection holds and destroys the socket. Safe to call many times. */
  terminate(reason: PublishEndReason) {
    if (!this.closed) {
      this.closed = true;
      this.clearDeadline();
      this.endPublish(reason);
      for (const play of this.playing.values()) play.unsubscribe();
      this.playing.clear();
      this.ctx.sessions.delete(this.id);
    }
    if (!this.socket.destroyed) this.socket.destroy();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Input

  private onData(data: Buffer) {
    if (this.closed) return;
    this.bytesIn += data.length;
    this.lastInputAt = Date.now();
    try {
      if (this.phase !== 'chunks') {
        const rest = this.onHandshake(data);
        if (rest === null) return;
        this.armDeadline(this.ctx.deadlines.connect, 'connect');
        if (rest.length === 0) return;
        data = rest;
      }
      this.parser.push(data, (message) => this.onMessage(message));
      if (this.peerWindow > 0 && this.bytesIn - this.lastAck >= this.peerWindow) {
        this.lastAck = this.bytesIn;
        this.send(acknowledgementMessage(this.bytesIn));
      }
    } catch (error) {
      this.log(`closing on malformed input: ${error instanceof Error ? error.message : String(error)}`);
      this.terminate('error');
    }
  }

  /** C0+C1 then C2 (simple handshake, section 5.2). Returns bytes past the handshake. */
  private onHandshake(data: Buffer): Buffer | null {
    this.handshake = this.handshake.length ? Buffer.concat([this.handshake, data]) : data;
    if (this.phase === 'c0c1') {
      if (this.handshake.length < 1 + HANDSHAKE_SIZE) return null;
      if (this.handshake[0] !== RTMP_VERSION) {
        throw new RtmpProtocolError(`Unsupported RTMP version ${this.handshake[0]}`);
      }
      const c1 = this.handshake.subarray(1, 1 + HANDSHAKE_SIZE);
      const s1 = Buffer.alloc(HANDSHAKE_SIZE);
      s1.writeUInt32BE(0, 0); // time
      s1.writeUInt32BE(0, 4); // zero
      randomBytes(HANDSHAKE_SIZE - 8).copy(s1, 8);
      // S2 echoes C1: its time, then the time C1 was read, then C1's random data.
      const s2 = Buffer.from(c1);
      s2.writeUInt32BE(0, 4);
      this.write(Buffer.concat([Buffer.from([RTMP_VERSION]), s1, s2]));
      this.handshake = this.handshake.subarray(1 + HANDSHAKE_SIZE);
      this.phase = 'c2';
    }
    if (this.handshake.length < HANDSHAKE_SIZE) return null;
    // C2 should echo S1; clients differ in how strictly they do it, so it is not checked.
    const rest = this.handshake.subarray(HANDSHAKE_SIZE);
    this.handshake = Buffer.alloc(0);
    this.phase = 'chunks';
    return rest;
  }

  private onMessage(message: RtmpMessage) {
    const { payload } = message;
    switch (message.typeId) {
      case MessageType.setChunkSize:
        this.need(payload, 4);
        this.parser.setChunkSize(payload.readUInt32BE(0) & 0x7fffffff);
        return;
      case MessageType.abort:
        this.need(payload, 4);
        this.parser.abort(payload.readUInt32BE(0));
        return;
      case MessageType.acknowledgement:
        return;
      case MessageType.windowAckSize:
        this.need(payload, 4);
        this.peerWindow = payload.readUInt32BE(0);
        return;
      case MessageType.setPeerBandwidth:
        return;
      case MessageType.userControl:
        this.need(payload, 2);
        if (payload.readUInt16BE(0) === UserControlEvent.pingRequest && payload.length >= 6) {
          this.send(userControlMessage(UserControlEvent.pingResponse, payload.readUInt32BE(2)));
        }
        return;
      case MessageType.audio:
      case MessageType.video:
        if (this.publishing && message.streamId === this.publishing.streamId) {
          this.publishing.live.pushMedia(message.typeId, message.timestamp, payload);
        }
        return;
      case MessageType.dataAmf0:
      case MessageType.dataAmf3: {
        if (!this.publishing || message.streamId !== this.publishing.streamId) return;
        const body = message.typeId === MessageType.dataAmf3 && payload[0] === 0 ? payload.subarray(1) : payload;
        this.publishing.live.pushScript(message.timestamp, body);
        return;
      }
      case MessageType.commandAmf0:
      case MessageType.commandAmf3: {
        const body = message.typeId === MessageType.commandAmf3 && payload[0] === 0 ? payload.subarray(1) : payload;
        const values = decodeAmf0Values(body, 0, COMMAND_DECODE_LIMITS);
        if (++this.queuedCommands > MAX_QUEUED_COMMANDS) throw new RtmpProtocolError('Too many commands queued');
        this.commands = this.commands
          .then(() => this.onCommand(message.streamId, values))
          .catch((error: unknown) => {
            this.log(`command failed: ${error instanceof Error ? error.message : String(error)}`);
            this.terminate('error');
          })
          .finally(() => {
            this.queuedCommands--;
          });
        return;
      }
      case MessageType.aggregate:
        this.onAggregate(message);
        return;
      default:
        return;
    }
  }

  private need(payload: Buffer, bytes: number) {
    if (payload.length < bytes) throw new RtmpProtocolError('Control message too short');
  }

  /** Aggregate message: FLV tags back to back, timestamps relative to the first one. */
  private onAggregate(message: RtmpMessage) {
    const payload = message.payload;
    let p = 0;
    let first: number | null = null;
    while (p + 11 <= payload.length) {
      const typeId = payload[p];
      const size = payload.readUIntBE(p + 1, 3);
      const ts = (payload.readUIntBE(p + 4, 3) | (payload[p + 7] << 24)) >>> 0;
      if (p + 11 + size > payload.length) throw new RtmpProtocolError('Aggregate message truncated');
      if (first === null) first = ts;
      const body = payload.subarray(p + 11, p + 11 + size);
      if (typeId === MessageType.audio || typeId === MessageType.video || typeId === MessageType.dataAmf0) {
        this.onMessage({
          csid: message.csid,
          typeId,
          streamId: message.streamId,
          timestamp: (message.timestamp + ts - first) >>> 0,
          payload: Buffer.from(body),
        });
      }
      p += 11 + size + 4;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Commands

  private async onCommand(streamId: number, values: AmfValue[]) {
    if (this.closed) return;
    const [name, txnValue, commandObject, ...args] = values;
    const txn = typeof txnValue === 'number' ? txnValue : 0;
    switch (name) {
      case 'connect':
        return this.onConnect(txn, commandObject);
      case 'createStream':
        this.lastStreamId++;
        return this.result(txn, null, this.lastStreamId);
      case 'getStreamLength':
        // A live stream has no length: 0, as a number (players read it as one).
        if (txn > 0) this.result(txn, null, 0);
        return;
      case 'releaseStream':
      case 'FCPublish':
      case '_checkbw':
        if (txn > 0) this.result(txn, null, undefined);
        return;
      case 'publish':
        return this.onPublish(streamId, args[0]);
      case 'FCUnpublish':
        this.endPublish('unpublish');
        if (txn > 0) this.result(txn, null, undefined);
        return;
      case 'deleteStream':
      case 'closeStream': {
        const target = name === 'deleteStream' && typeof args[0] === 'number' ? args[0] : streamId;
        if (this.publishing && this.publishing.streamId === target) this.endPublish('unpublish');
        const play = this.playing.get(target);
        if (play) {
          play.unsubscribe();
          this.playing.delete(target);
        }
        return;
      }
      case 'play':
        return this.onPlay(streamId, args[0]);
      default:
        return;
    }
  }

  private onConnect(txn: number, commandObject: AmfValue) {
    if (this.app !== null) return;
    const object = (commandObject && typeof commandObject === 'object' ? commandObject : {}) as AmfObject;
    const rawApp = typeof object.app === 'string' ? object.app : '';
    const [appPath, appQuery] = splitQuery(rawApp);
    const app = appPath.replace(/\/+$/, '');
    const tcUrl = typeof object.tcUrl === 'string' ? object.tcUrl : '';
    this.connectQuery = { ...parseQuery(splitQuery(tcUrl)[1]), ...parseQuery(appQuery) };
    if (!NAME_PATTERN.test(app)) {
      this.log(`refused connect to app "${app}"`);
      this.command(CSID.command, 0, '_error', txn, null, {
        level: 'error',
        code: 'NetConnection.Connect.Rejected',
        description: 'Invalid application name',
      });
      return this.closeSoon();
    }
    this.app = app;
    if (!this.publishing && this.playing.size === 0)
      this.armDeadline(this.ctx.deadlines.publishOrPlay, 'publish or play');
    this.send(windowAckSizeMessage(WINDOW_ACK_SIZE));
    this.send(setPeerBandwidthMessage(WINDOW_ACK_SIZE, 2));
    this.send(setChunkSizeMessage(this.outChunkSize));
    this.command(
      CSID.command,
      0,
      '_result',
      txn,
      { fmsVer: 'FMS/3,5,7,7009', capabilities: 31, mode: 1 },
      {
        level: 'status',
        code: 'NetConnection.Connect.Success',
        description: 'Connection succeeded.',
        objectEncoding: 0,
      },
    );
  }

  private async onPublish(streamId: number, rawName: AmfValue) {
    const app = this.app;
    const [stream, streamQuery] = splitQuery(typeof rawName === 'string' ? rawName : '');
    if (app === null || !NAME_PATTERN.test(stream) || this.publishing) {
      this.status(streamId, 'error', 'NetStream.Publish.BadName', 'Invalid stream name');
      return this.closeSoon();
    }
    const query = { ...this.connectQuery, ...parseQuery(streamQuery) };
    const info: PublishInfo = { sessionId: this.id, remoteAddress: this.remoteAddress };
    let allowed = false;
    try {
      allowed = (await this.ctx.options.authorizePublish(app, stream, query, info)) === true;
    } catch (error) {
      this.log(`authorizePublish failed: ${String(error)}`);
    }
    if (this.closed) return;
    if (!allowed) {
      this.log(`publish ${app}/${stream} refused`);
      this.status(streamId, 'error', 'NetStream.Publish.BadName', 'Publish refused: invalid stream key');
      return this.closeSoon();
    }

    // One publisher per stream, as nginx-rtmp: a second encoder on a live key is refused, so two encoders retrying
    // never take the stream from each other (issue 8). A primary that is gone — its connection closed, or silent
    // past the idle timeout — is no longer live, and a backup encoder (or the primary reconnecting) takes over.
    const key = `${app}/${stream}`;
    const current = this.ctx.publishers.get(key);
    if (current && current !== this) {
      if (!current.isGone()) {
        this.log(`publish ${app}/${stream} refused: already publishing on #${current.id}`);
        this.status(streamId, 'error', 'NetStream.Publish.BadName', 'Stream already publishing');
        return this.closeSoon();
      }
      current.log(`gone (silent or closed): #${this.id} publishes ${app}/${stream}`);
      current.terminate(current.socket.destroyed ? 'close' : 'timeout');
    }
    let live = this.ctx.hub.publish(app, stream, this.id);
    if (!live) {
      // A stream left in the hub by no live session of this server is a ghost.
      const ghost = this.ctx.hub.get(app, stream);
      const owner = ghost ? this.ctx.sessions.get(ghost.publisherId) : undefined;
      if (ghost && (!owner || owner.isGone())) {
        if (owner) owner.terminate('timeout');
        else this.ctx.hub.unpublish(ghost);
        live = this.ctx.hub.publish(app, stream, this.id);
      }
    }
    if (!live) {
      this.status(streamId, 'error', 'NetStream.Publish.BadName', 'Stream already publishing');
      return this.closeSoon();
    }
    this.publishing = { live, streamId, app, stream };
    this.ctx.publishers.set(key, this);
    this.clearDeadline();
    if (!this.authorised) {
      this.authorised = true;
      const maxMessageSize = this.ctx.options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE;
      this.parser.setLimits({
        maxMessageSize,
        maxBufferedBytes: this.ctx.options.maxBufferedBytes ?? 2 * maxMessageSize,
      });
    }
    this.socket.setTimeout(this.ctx.options.publishIdleTimeoutMs ?? 4000);
    this.send(userControlMessage(UserControlEvent.streamBegin, streamId));
    this.status(streamId, 'status', 'NetStream.Publish.Start', `${stream} is now published.`);
    this.log(`publish ${app}/${stream} started`);
    const { onPublishStart } = this.ctx.options;
    if (onPublishStart) safeCall(this.ctx.log, 'onPublishStart', () => onPublishStart(app, stream, info));
  }

  private endPublish(reason: PublishEndReason) {
    const publishing = this.publishing;
    if (!publishing) return;
    this.publishing = null;
    const key = `${publishing.app}/${publishing.stream}`;
    if (this.ctx.publishers.get(key) === this) this.ctx.publishers.delete(key);
    this.ctx.hub.unpublish(publishing.live);
    if (!this.closed) {
      this.status(
        publishing.streamId,
        'status',
        'NetStream.Unpublish.Success',
        `${publishing.stream} is now unpublished.`,
      );
      // Still connected but publishing nothing: it must publish or play again soon, or go.
      this.socket.setTimeout(0);
      if (this.playing.size === 0) {
        this.clearDeadline();
        this.deadline = setTimeout(() => {
          this.log('closing: connected without a publish or play');
          this.terminate('timeout');
        }, this.ctx.deadlines.publishOrPlay);
        this.deadline.unref();
      }
    }
    this.log(`publish ${publishing.app}/${publishing.stream} ended (${reason})`);
    const { onPublishEnd } = this.ctx.options;
    const info: PublishInfo = { sessionId: this.id, remoteAddress: this.remoteAddress, reason };
    if (onPublishEnd) {
      safeCall(this.ctx.log, 'onPublishEnd', () => onPublishEnd(publishing.app, publishing.stream, info));
    }
  }

  private onPlay(streamId: number, rawName: AmfValue) {
    const app = this.app;
    const [stream, streamQuery] = splitQuery(typeof rawName === 'string' ? rawName : '');
    const live = app !== null && NAME_PATTERN.test(stream) ? this.ctx.hub.get(app, stream) : null;
    if (!live || this.playing.has(streamId)) {
      this.status(streamId, 'error', 'NetStream.Play.StreamNotFound', `${stream} is not live.`);
      return;
    }
    if (this.playing.size >= MAX_PLAYS_PER_CONNECTION) {
      this.status(streamId, 'error', 'NetStream.Play.Failed', 'Too many plays on one connection.');
      return;
    }
    const query = { ...this.connectQuery, ...parseQuery(streamQuery) };
    const internal = app !== null && this.ctx.options.isInternalPlay?.(app, stream, query) === true;
    // The server's own reader (a transcode) follows one publish and ends with it, as its job expects; the audience
    // plays from the channel, which outlives a publisher's reconnect.
    const channel = internal || app === null ? null : this.ctx.hub.channel(app, stream);
    if (!internal && (!channel || channel.live !== live)) {
      this.status(streamId, 'error', 'NetStream.Play.StreamNotFound', `${stream} is not live.`);
      return;
    }
    this.clearDeadline();
    this.socket.setTimeout(0);
    this.send(userControlMessage(UserControlEvent.streamBegin, streamId));
    this.status(streamId, 'status', 'NetStream.Play.Reset', `Playing and resetting ${stream}.`);
    this.status(streamId, 'status', 'NetStream.Play.Start', `Started playing ${stream}.`);
    this.sendMessage(CSID.data, streamId, MessageType.dataAmf0, 0, encodeAmf0Values(['|RtmpSampleAccess', true, true]));
    if (channel) this.playChannel(streamId, stream, channel);
    else this.playInternal(streamId, stream, live);
  }

  /** An audience player: the channel's shared chunks, paced; it lives until the channel ends or the player goes. */
  private playChannel(streamId: number, stream: string, channel: NonNullable<ReturnType<StreamHub['channel']>>) {
    const stats = this.ctx.playerStats;
    const chunkSize = this.sentChunkSize;
    const maxPending = this.ctx.options.maxPlayerPendingBytes ?? 2 * 1024 * 1024;
    const lowWater = maxPending / 2;
    const hardLimit = this.ctx.options.playerHardLimitBytes ?? maxPending * 4;
    const stallTimeoutMs = this.ctx.options.playerStallTimeoutMs ?? 10_000;
    let done = false;
    // Dropping until a frame a decoder can start from, once the queue is back under the low-water mark.
    let skipping = false;
    let stalledSince = 0;

    const stop = () => {
      done = true;
      channel.remove(viewer);
    };
    const cut = (why: string) => {
      if (done) return;
      stop();
      this.log(`closing player of ${stream}: ${why}`);
      this.terminate('error');
    };
    const writeMedia = (chunks: Buffer, messages: number) => {
      stats.messages += messages;
      this.write(chunks);
    };

    const viewer: FlvViewer = {
      frames: (frames, bytes) => {
        if (done) return;
        if (this.closed || this.socket.destroyed) return stop();
        let pending = this.socket.writableLength;
        if (pending > hardLimit) return cut(`${pending} bytes queued`);
        if (!skipping) {
          // Keeping up: the batch as it is, the very Buffer every other player of this shape gets.
          const all = batchAsChunks(stats, frames, bytes, chunkSize, streamId);
          if (pending + all.length <= maxPending) return writeMedia(all, frames.length);
        }
        const kept: Buffer[] = [];
        for (const frame of frames) {
          const chunks = frameAsChunks(stats, frame, chunkSize, streamId);
          if (!frame.config) {
            if (skipping) {
              if (!frame.resumable || pending > lowWater) continue;
              skipping = false;
            } else if (pending + chunks.length > maxPending) {
              skipping = true;
              stalledSince = Date.now();
              continue;
            }
          }
          kept.push(chunks);
          pending += chunks.length;
        }
        if (skipping && Date.now() - stalledSince > stallTimeoutMs) return cut('not reading');
        if (kept.length === 0) return;
        if (kept.length === 1) return writeMedia(kept[0], 1);
        this.socket.cork();
        for (const chunks of kept) writeMedia(chunks, 1);
        this.socket.uncork();
      },
      resume: () => {
        // The publisher came back: its sequence headers come first (they always pass), its frames from its first
        // keyframe on, and the timestamps run on from the channel's clock. No UnpublishNotify in between: players
        // such as ffmpeg stop reading at one.
        skipping = true;
        stalledSince = Date.now();
      },
      end: () => {
        if (done) return;
        stop();
        if (this.closed) return;
        this.playing.delete(streamId);
        this.send(userControlMessage(UserControlEvent.streamEof, streamId));
        this.status(streamId, 'status', 'NetStream.Play.UnpublishNotify', `${stream} is now unpublished.`);
      },
    };

    // Counted as playing before the first bytes: a GOP larger than what a silent peer may have unread is no flood.
    this.playing.set(streamId, { streamId, stream, unsubscribe: stop });
    const initial: FlvFrame[] = [];
    for (const frame of [channel.metadata, channel.videoConfig, channel.audioConfig]) if (frame) initial.push(frame);
    initial.push(...channel.gop);
    this.socket.cork();
    for (const frame of initial) writeMedia(frameAsChunks(stats, frame, chunkSize, streamId), 1);
    this.socket.uncork();
    if (!channel.add(viewer)) viewer.end();
  }

  /** The server's own reader of one publish: tags as they come, rebased to 0, ended with the publish. */
  private playInternal(streamId: number, stream: string, live: LiveStream) {
    const snapshot = live.snapshot();
    let base: number | null = null;
    const rebase = (ts: number) => {
      if (base === null) base = ts;
      return Math.max(0, ts - base);
    };
    const sendTag = (tag: MediaTag, ts: number) => {
      this.sendMessage(chunkCsid(tag.type), streamId, tag.type, ts, tag.data);
    };
    if (snapshot.metadata) sendTag({ type: TagType.script, timestamp: 0, data: snapshot.metadata }, 0);
    if (snapshot.videoConfig) sendTag(snapshot.videoConfig, 0);
    if (snapshot.audioConfig) sendTag(snapshot.audioConfig, 0);
    for (const tag of snapshot.gop) sendTag(tag, rebase(tag.timestamp));

    const pacer = createViewerPacer(
      this.ctx.options.maxPlayerPendingBytes ?? 2 * 1024 * 1024,
      () => this.socket.writableLength,
      () => live.hasVideo,
    );
    const unsubscribe = live.subscribe(
      {
        tag: (tag) => {
          if (this.closed || !pacer(tag)) return;
          const config =
            tag.type === TagType.script ||
            (tag.type === TagType.video ? isVideoSequenceHeader(tag.data) : isAacSequenceHeader(tag.data));
          sendTag(tag, config && base === null ? 0 : rebase(tag.timestamp));
        },
        end: () => {
          if (this.closed) return;
          this.playing.delete(streamId);
          this.send(userControlMessage(UserControlEvent.streamEof, streamId));
          this.status(streamId, 'status', 'NetStream.Play.UnpublishNotify', `${stream} is now unpublished.`);
        },
      },
      { internal: true },
    );
    if (!live.ended) this.playing.set(streamId, { streamId, stream, unsubscribe });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Output

  private write(data: Buffer) {
    if (this.socket.destroyed || !this.socket.writable) return;
    this.bytesOut += data.length;
    this.socket.write(data);
    // Replies to a flood of commands from a peer that reads none of them would pile up here.
    if (!this.publishing && this.playing.size === 0 && this.socket.writableLength > MAX_UNREAD_REPLY_BYTES) {
      this.log('closing: replies not read');
      this.terminate('error');
    }
  }

  private send(message: RtmpMessage) {
    this.write(encodeChunks(message, this.sentChunkSize));
    // The peer reads chunks of the new size from the message after Set Chunk Size on.
    if (message.typeId === MessageType.setChunkSize) this.sentChunkSize = message.payload.readUInt32BE(0);
  }

  private sendMessage(csid: number, streamId: number, typeId: number, timestamp: number, payload: Buffer) {
    this.send({ csid, typeId, streamId, timestamp, payload });
  }

  private command(csid: number, streamId: number, name: string, txn: number, ...rest: AmfValue[]) {
    this.sendMessage(csid, streamId, MessageType.commandAmf0, 0, encodeAmf0Values([name, txn, ...rest]));
  }

  private result(txn: number, ...rest: AmfValue[]) {
    this.command(CSID.command, 0, '_result', txn, ...rest);
  }

  private status(streamId: number, level: 'status' | 'error', code: string, description: string) {
    this.command(CSID.status, streamId, 'onStatus', 0, null, { level, code, description });
  }

  /** Lets what was just sent reach the client, then closes. */
  private closeSoon() {
    if (this.closed) return;
    this.socket.end();
    setTimeout(() => this.terminate('close'), 1000).unref();
  }
}

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d: one address, one count. */
function clientAddress(socket: net.Socket) {
  const address = socket.remoteAddress ?? '?';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function createRtmpServer(options: RtmpServerOptions): RtmpServer {
  const hub = options.hub ?? new StreamHub();
  const log = options.log ?? (() => {});
  const sessions = new Map<number, Session>();
  const publishOrPlay = options.handshakeTimeoutMs ?? 10_000;
  const ctx: ServerContext = {
    options,
    hub,
    sessions,
    publishers: new Map(),
    log,
    playerStats: { messages: 0, encodes: 0 },
    deadlines: {
      handshake: Math.min(options.handshakeDeadlineMs ?? 5000, publishOrPlay),
      connect: Math.min(options.connectDeadlineMs ?? 8000, publishOrPlay),
      publishOrPlay,
    },
  };
  const maxConnections = options.maxConnections ?? 1000;
  const maxPerIp = options.maxConnectionsPerIp ?? 16;
  const exempt = new Set(options.perIpExemptAddresses ?? LOOPBACK);
  const perIp = new Map<string, number>();
  let open = 0;
  // A refused connection costs no more than its accept; the log says how many, at most every 10 s.
  let refused = 0;
  let refusedLoggedAt = 0;
  const refuse = (socket: net.Socket, address: string, why: string) => {
    socket.destroy();
    refused++;
    if (Date.now() - refusedLoggedAt >= 10_000) {
      log(`[ingest:rtmp] refused ${refused} connection(s) (last from ${address}: ${why})`);
      refused = 0;
      refusedLoggedAt = Date.now();
    }
  };
  const server = net.createServer((socket) => {
    const address = clientAddress(socket);
    const fromAddress = perIp.get(address) ?? 0;
    if (open >= maxConnections) return refuse(socket, address, `${maxConnections} connections open`);
    if (fromAddress >= maxPerIp && !exempt.has(address)) {
      return refuse(socket, address, `${maxPerIp} connections open from this address`);
    }
    open++;
    perIp.set(address, fromAddress + 1);
    socket.once('close', () => {
      open--;
      const left = (perIp.get(address) ?? 1) - 1;
      if (left > 0) perIp.set(address, left);
      else perIp.delete(address);
    });
    const session = new Session(socket, ctx);
    sessions.set(session.id, session);
  });
  server.on('error', (error) => log(`[ingest:rtmp] server error: ${error.message}`));

  return {
    hub,
    listen() {
      return new Promise<number>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.once('error', onError);
        server.listen(options.port ?? 1935, options.host, () => {
          server.off('error', onError);
          const address = server.address();
          const port = typeof address === 'object' && address ? address.port : (options.port ?? 1935);
          log(`[ingest:rtmp] listening on ${options.host ?? '*'}:${port}`);
          resolve(port);
        });
      });
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const session of [...sessions.values()]) session.terminate('shutdown');
        if (!server.listening) return resolve();
        server.close(() => resolve());
      });
    },
    sessions() {
      return [...sessions.values()].map((session) => session.info());
    },
    playerStats() {
      return { ...ctx.playerStats };
    },
    disconnectPublisher(app, stream) {
      for (const session of sessions.values()) {
        const info = session.info();
        if (info.state === 'publishing' && info.app === app && info.stream === stream) {
          session.terminate('close');
          return true;
        }
      }
      return false;
    },
  };
}

/**
 * Hostile RTMP clients, as the attack of issue 8 drove them against the ingest port: handshakes held open a byte at a
 * time, many connections from one address, huge Set Chunk Size with many chunk streams of huge messages, and a 16 MB
 * AMF connect with 1.5 M keys. Used by the attack tests and by bench/rtmp-attacks.ts.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { encodeChunks, MessageType, setChunkSizeMessage } from '../../src/platform/ingest/rtmp-chunk.ts';

export interface AttackSocket {
  socket: net.Socket;
  /** Resolves with the milliseconds from connect to close. */
  closed: Promise<number>;
}

export function open(port: number, localAddress: string, host = '127.0.0.1'): Promise<AttackSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host, localAddress });
    socket.on('error', () => {});
    const started = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** Sends C0+C1 one byte every `intervalMs`, as a slowloris would; never gets past the handshake. */
export async function dripHandshake(port: number, localAddress: string, intervalMs: number): Promise<AttackSocket> {
  const attack = await open(port, localAddress);
  const c0c1 = Buffer.concat([Buffer.from([3]), randomBytes(1536)]);
  let sent = 0;
  const timer = setInterval(() => {
    if (attack.socket.destroyed || sent >= c0c1.length) return clearInterval(timer);
    attack.socket.write(c0c1.subarray(sent, sent + 1));
    sent++;
  }, intervalMs);
  void attack.closed.then(() => clearInterval(timer));
  return attack;
}

/** Completes the simple handshake; resolves with the socket ready for chunks. */
export async function handshake(port: number, localAddress: string): Promise<AttackSocket> {
  const attack = await open(port, localAddress);
  attack.socket.write(Buffer.concat([Buffer.from([3]), randomBytes(1536)]));
  await new Promise<void>((resolve, reject) => {
    let received = 0;
    const onData = (data: Buffer) => {
      received += data.length;
      if (received < 3073) return;
      attack.socket.off('data', onData);
      attack.socket.write(Buffer.alloc(1536));
      resolve();
    };
    attack.socket.on('data', onData);
    attack.socket.once('close', () => reject(new Error('closed during the handshake')));
  });
  // From here on the attacker reads nothing it is sent back.
  attack.socket.resume();
  return attack;
}

export interface FloodResult {
  /** The server closed the connection before the attacker ran out of bytes. */
  closedByServer: boolean;
  /** Bytes handed to the socket. */
  sent: number;
  /** Milliseconds from the first byte to the close. */
  ms: number;
}

/** Handshakes, then writes the pieces as fast as the server takes them, until it closes or they run out. */
export async function flood(port: number, localAddress: string, pieces: Iterable<Buffer>): Promise<FloodResult> {
  const { socket, closed } = await handshake(port, localAddress);
  const started = Date.now();
  let isClosed = false;
  void closed.then(() => {
    isClosed = true;
  });
  let sent = 0;
  for (const piece of pieces) {
    if (isClosed) break;
    sent += piece.length;
    if (!socket.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          socket.off('drain', done);
          socket.off('close', done);
          resolve();
        };
        socket.on('drain', done);
        socket.on('close', done);
      });
    }
  }
  const closedByServer = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
  ]);
  socket.destroy();
  return { closedByServer: closedByServer && isClosed, sent, ms: Date.now() - started };
}

/** A type 0 chunk header (11 bytes after a 1-byte basic header) declaring a message. */
export function messageHeader(csid: number, length: number, typeId: number, streamId = 1): Buffer {
  const b = Buffer.alloc(12);
  b[0] = csid & 0x3f;
  b.writeUIntBE(length, 4, 3);
  b[7] = typeId;
  b.writeUInt32LE(streamId, 8);
  return b;
}

const FILLER = Buffer.alloc(1024 * 1024, 0x65);

function* filler(bytes: number) {
  for (let left = bytes; left > 0; left -= FILLER.length) yield FILLER.subarray(0, Math.min(left, FILLER.length));
}

/**
 * The attack of issue 8: Set Chunk Size 8,000,000, then chunk streams each declaring an 8 MiB video message and
 * sending its first 8,000,000-byte chunk, so that every chunk stream holds a partial message.
 */
export function* hugeChunkStreams(streams: number): Generator<Buffer> {
  yield encodeChunks(setChunkSizeMessage(8_000_000), 128);
  for (let i = 0; i < streams; i++) {
    yield messageHeader(3 + i, 8 * 1024 * 1024, MessageType.video);
    yield* filler(8_000_000);
  }
}

/** With a chunk size real encoders use (65536): 8 MiB video declarations on many chunk streams, before any publish. */
export function* mediaDeclarations(streams: number): Generator<Buffer> {
  yield encodeChunks(setChunkSizeMessage(65_536), 128);
  for (let i = 0; i < streams; i++) {
    yield messageHeader(3 + i, 8 * 1024 * 1024, MessageType.video);
    yield* filler(65_536);
  }
}

/** Command-sized partial messages (60 KB of a 64,000-byte command) on up to 60 chunk streams. */
export function* commandPartials(streams: number): Generator<Buffer> {
  yield encodeChunks(setChunkSizeMessage(60_000), 128);
  for (let i = 0; i < streams; i++) {
    yield messageHeader(3 + i, 64_000, MessageType.commandAmf0, 0);
    yield* filler(60_000);
  }
}

/** A connect command of about 15 MB whose command object has `keys` properties ("k0000001": null, ...). */
export function bigAmfConnect(keys = 1_500_000): Buffer {
  const head = Buffer.from([0x02, 0x00, 0x07, ...Buffer.from('connect'), 0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x03]);
  const body = Buffer.alloc(keys * 11);
  for (let i = 0, p = 0; i < keys; i++, p += 11) {
    body[p] = 0x00;
    body[p + 1] = 0x08;
    body.write(`k${String(i).padStart(7, '0')}`, p + 2, 'latin1');
    body[p + 10] = 0x05;
  }
  const payload = Buffer.concat([head, body, Buffer.from([0x00, 0x00, 0x09])]);
  return Buffer.concat([
    encodeChunks(setChunkSizeMessage(65_536), 128),
    encodeChunks({ csid: 3, typeId: MessageType.commandAmf0, streamId: 0, timestamp: 0, payload }, 65_536),
  ]);
}

/** A scripted RTMP client for the tests: handshake, connect, createStream, publish / play, raw bytes. */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { type AmfValue, decodeAmf0Values, encodeAmf0Values } from '../../src/platform/ingest/amf0.ts';
import {
  ChunkParser,
  encodeChunks,
  MessageType,
  type RtmpMessage,
  setChunkSizeMessage,
} from '../../src/platform/ingest/rtmp-chunk.ts';

export interface Received {
  message: RtmpMessage;
  values?: AmfValue[];
}

export class RtmpTestClient {
  socket: net.Socket;
  received: Received[] = [];
  closed: Promise<void>;
  private parser = new ChunkParser();
  private waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  private chunkSize = 128;
  private txn = 1;
  private handshakeBytes: Buffer = Buffer.alloc(0);
  private handshakeDone: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('error', () => {});
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
    let resolveHandshake: () => void = () => {};
    this.handshakeDone = new Promise((resolve) => {
      resolveHandshake = resolve;
    });
    let handshaking = true;
    this.socket.on('data', (data: Buffer) => {
      if (handshaking) {
        this.handshakeBytes = Buffer.concat([this.handshakeBytes, data]);
        if (this.handshakeBytes.length < 3073) return;
        handshaking = false;
        this.socket.write(this.handshakeBytes.subarray(1, 1537)); // C2 echoes S1
        data = this.handshakeBytes.subarray(3073);
        resolveHandshake();
      }
      this.parser.push(data, (message) => this.onMessage(message));
    });
  }

  static async open(port: number) {
    const client = new RtmpTestClient(port);
    await new Promise<void>((resolve, reject) => {
      client.socket.once('connect', resolve);
      client.socket.once('error', reject);
    });
    client.socket.write(Buffer.concat([Buffer.from([3]), randomBytes(1536)]));
    await client.handshakeDone;
    return client;
  }

  private onMessage(message: RtmpMessage) {
    if (message.typeId === MessageType.setChunkSize) this.parser.setChunkSize(message.payload.readUInt32BE(0));
    const received: Received = { message };
    if (message.typeId === MessageType.commandAmf0 || message.typeId === MessageType.dataAmf0) {
      received.values = decodeAmf0Values(message.payload);
    }
    this.received.push(received);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(received)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(received);
      }
    }
  }

  waitFor(test: (r: Received) => boolean, timeoutMs = 3000): Promise<Received> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  }

  waitStatus(code?: string) {
    return this.waitFor(
      (r) =>
        r.values?.[0] === 'onStatus' &&
        (code === undefined || (r.values[3] as Record<string, unknown> | undefined)?.code === code),
    );
  }

  send(message: RtmpMessage) {
    this.socket.write(encodeChunks(message, this.chunkSize));
  }

  setChunkSize(size: number) {
    this.send(setChunkSizeMessage(size));
    this.chunkSize = size;
  }

  command(streamId: number, name: string, ...rest: AmfValue[]) {
    const txn = this.txn++;
    this.send({
      csid: 3,
      typeId: MessageType.commandAmf0,
      streamId,
      timestamp: 0,
      payload: encodeAmf0Values([name, txn, ...rest]),
    });
    return txn;
  }

  async call(streamId: number, name: string, ...rest: AmfValue[]) {
    const txn = this.command(streamId, name, ...rest);
    const reply = await this.waitFor(
      (r) => (r.values?.[0] === '_result' || r.values?.[0] === '_error') && r.values[1] === txn,
    );
    return reply.values!;
  }

  async connect(app: string, port: number) {
    return this.call(0, 'connect', {
      app,
      tcUrl: `rtmp://127.0.0.1:${port}/${app}`,
      flashVer: 'FMLE/3.0',
      type: 'nonprivate',
    });
  }

  async createStream() {
    const reply = await this.call(0, 'createStream', null);
    return reply[3] as number;
  }

  /** connect + releaseStream + FCPublish + createStream + publish; resolves with the onStatus code. */
  async publish(app: string, name: string, port: number) {
    await this.connect(app, port);
    this.command(0, 'releaseStream', null, name);
    this.command(0, 'FCPublish', null, name);
    const streamId = await this.createStream();
    this.command(streamId, 'publish', null, name, 'live');
    const status = await this.waitStatus();
    return { streamId, code: (status.values![3] as Record<string, unknown>).code as string };
  }

  media(streamId: number, typeId: 8 | 9, timestamp: number, payload: Buffer) {
    this.send({ csid: typeId === 8 ? 4 : 6, typeId, streamId, timestamp, payload });
  }

  data(streamId: number, values: AmfValue[]) {
    this.send({ csid: 5, typeId: MessageType.dataAmf0, streamId, timestamp: 0, payload: encodeAmf0Values(values) });
  }
}

import { describe, expect, it } from 'vitest';
import {
  ChunkParser,
  encodeChunks,
  MessageType,
  type RtmpMessage,
  RtmpProtocolError,
  setChunkSizeMessage,
  userControlMessage,
} from '../../src/platform/ingest/rtmp-chunk.ts';

function parseAll(bytes: Buffer, parser = new ChunkParser(), step = bytes.length): RtmpMessage[] {
  const out: RtmpMessage[] = [];
  for (let i = 0; i < bytes.length; i += step) parser.push(bytes.subarray(i, i + step), (m) => out.push(m));
  return out;
}

const payload = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) & 0xff));

describe('RTMP chunk stream', () => {
  it('splits a message into a type 0 chunk and type 3 continuations, and reassembles it', () => {
    const message: RtmpMessage = {
      csid: 6,
      typeId: MessageType.video,
      streamId: 1,
      timestamp: 1234,
      payload: payload(300),
    };
    const bytes = encodeChunks(message, 128);
    // 1 + 11 header, 128 bytes, 1-byte continuation header, 128, 1, 44
    expect(bytes.length).toBe(12 + 128 + 1 + 128 + 1 + 44);
    expect(bytes[0]).toBe(0x06);
    expect(bytes[12 + 128]).toBe(0xc6);
    expect(parseAll(bytes)).toEqual([message]);
  });

  it('parses when fed one byte at a time', () => {
    const a: RtmpMessage = { csid: 4, typeId: MessageType.audio, streamId: 1, timestamp: 10, payload: payload(200) };
    const b: RtmpMessage = { csid: 3, typeId: MessageType.commandAmf0, streamId: 0, timestamp: 0, payload: payload(5) };
    const bytes = Buffer.concat([encodeChunks(a, 128), encodeChunks(b, 128)]);
    expect(parseAll(bytes, new ChunkParser(), 1)).toEqual([a, b]);
  });

  it('encodes chunk stream ids in 1, 2 and 3-byte basic headers', () => {
    for (const [csid, headerBytes] of [
      [63, 1],
      [64, 2],
      [319, 2],
      [320, 3],
      [65599, 3],
    ]) {
      const message: RtmpMessage = { csid, typeId: 20, streamId: 0, timestamp: 5, payload: payload(10) };
      const bytes = encodeChunks(message, 128);
      expect(bytes.length).toBe(headerBytes + 11 + 10);
      expect(parseAll(bytes)).toEqual([message]);
    }
  });

  it('carries an extended timestamp on the type 0 chunk and on every continuation', () => {
    const message: RtmpMessage = {
      csid: 6,
      typeId: MessageType.video,
      streamId: 1,
      timestamp: 0x01234567,
      payload: payload(300),
    };
    const bytes = encodeChunks(message, 128);
    expect(bytes.readUIntBE(1, 3)).toBe(0xffffff);
    expect(bytes.readUInt32BE(12)).toBe(0x01234567);
    expect(bytes.length).toBe(16 + 128 + 5 + 128 + 5 + 44);
    expect(bytes.readUInt32BE(16 + 128 + 1)).toBe(0x01234567);
    expect(parseAll(bytes)).toEqual([message]);
    expect(parseAll(bytes, new ChunkParser(), 3)).toEqual([message]);
  });

  it('applies type 1, 2 and 3 headers as deltas on the previous message', () => {
    const chunks = Buffer.concat([
      // type 0: csid 4, ts 1000, len 2, audio, stream 1
      Buffer.from([0x04, 0x00, 0x03, 0xe8, 0x00, 0x00, 0x02, 0x08, 0x01, 0x00, 0x00, 0x00, 0xaa, 0xbb]),
      // type 1: delta 23, len 3, audio
      Buffer.from([0x44, 0x00, 0x00, 0x17, 0x00, 0x00, 0x03, 0x08, 0x01, 0x02, 0x03]),
      // type 2: delta 24 (same length and type)
      Buffer.from([0x84, 0x00, 0x00, 0x18, 0x04, 0x05, 0x06]),
      // type 3: a new message repeating the last delta (24)
      Buffer.from([0xc4, 0x07, 0x08, 0x09]),
    ]);
    const messages = parseAll(chunks);
    expect(messages.map((m) => m.timestamp)).toEqual([1000, 1023, 1047, 1071]);
    expect(messages.map((m) => m.payload.toString('hex'))).toEqual(['aabb', '010203', '040506', '070809']);
    expect(messages.every((m) => m.streamId === 1 && m.typeId === 8)).toBe(true);
  });

  it('follows Set Chunk Size for the chunks after it, in the same buffer', () => {
    const parser = new ChunkParser();
    const big: RtmpMessage = { csid: 6, typeId: MessageType.video, streamId: 1, timestamp: 40, payload: payload(5000) };
    const bytes = Buffer.concat([encodeChunks(setChunkSizeMessage(4096), 128), encodeChunks(big, 4096)]);
    const out: RtmpMessage[] = [];
    parser.push(bytes, (m) => {
      out.push(m);
      if (m.typeId === MessageType.setChunkSize) parser.setChunkSize(m.payload.readUInt32BE(0));
    });
    expect(out.length).toBe(2);
    expect(out[1]).toEqual(big);
  });

  it('drops a message on Abort and when a new full header interrupts it', () => {
    const parser = new ChunkParser();
    const message: RtmpMessage = { csid: 6, typeId: 9, streamId: 1, timestamp: 0, payload: payload(300) };
    const bytes = encodeChunks(message, 128);
    const out: RtmpMessage[] = [];
    parser.push(bytes.subarray(0, 12 + 128), (m) => out.push(m));
    parser.abort(6);
    parser.push(bytes, (m) => out.push(m));
    expect(out).toEqual([message]);

    parser.push(bytes.subarray(0, 12 + 128), (m) => out.push(m));
    parser.push(bytes, (m) => out.push(m));
    expect(out).toEqual([message, message]);
  });

  it('encodes user control and protocol control messages', () => {
    const [begin] = parseAll(encodeChunks(userControlMessage(0, 1), 128));
    expect(begin.csid).toBe(2);
    expect(begin.typeId).toBe(MessageType.userControl);
    expect(begin.payload).toEqual(Buffer.from([0, 0, 0, 0, 0, 1]));
  });

  it('refuses malformed input', () => {
    // A chunk stream cannot start with a type 1 header.
    expect(() => parseAll(Buffer.from([0x44, 0, 0, 0, 0, 0, 1, 8, 0]))).toThrow(RtmpProtocolError);
    // Messages beyond the size limit.
    const parser = new ChunkParser({ maxMessageSize: 1000 });
    expect(() => parseAll(Buffer.from([0x04, 0, 0, 0, 0x00, 0x10, 0x00, 9, 1, 0, 0, 0]), parser)).toThrow(
      RtmpProtocolError,
    );
    expect(() => new ChunkParser().setChunkSize(0)).toThrow(RtmpProtocolError);
  });

  it('survives random bytes: either a protocol error or nothing, never a crash of another kind', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed & 0xff;
    };
    for (let round = 0; round < 200; round++) {
      const bytes = Buffer.from(Array.from({ length: 600 }, random));
      try {
        parseAll(bytes, new ChunkParser(), 37);
      } catch (error) {
        expect(error).toBeInstanceOf(RtmpProtocolError);
      }
    }
  });
});

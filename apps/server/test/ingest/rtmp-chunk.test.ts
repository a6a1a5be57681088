import { describe, expect, it } from 'vitest';
import {
  ChunkParser,
  DEFAULT_MAX_COMMAND_SIZE,
  encodeChunks,
  MAX_CHUNK_SIZE,
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
  describe('limits (issue 8: the RTMP port before authentication)', () => {
    const header = (csid: number, length: number, typeId: number) => {
      const b = Buffer.alloc(12);
      b[0] = csid;
      b.writeUIntBE(length, 4, 3);
      b[7] = typeId;
      return b;
    };

    it('keeps real encoders’ chunk sizes and refuses absurd ones', () => {
      const parser = new ChunkParser();
      for (const size of [128, 4096, 60_000, 65_536, MAX_CHUNK_SIZE]) parser.setChunkSize(size);
      expect(() => parser.setChunkSize(MAX_CHUNK_SIZE + 1)).toThrow(RtmpProtocolError);
      expect(() => parser.setChunkSize(8_000_000)).toThrow(RtmpProtocolError);
    });

    it('refuses a 33rd chunk stream, as nginx-rtmp', () => {
      const parser = new ChunkParser();
      const oneByte = (csid: number) => Buffer.concat([header(csid, 1, 9), Buffer.from([0x17])]);
      const out: RtmpMessage[] = [];
      parser.push(Buffer.concat(Array.from({ length: 32 }, (_, i) => oneByte(i + 2))), (m) => out.push(m));
      expect(out).toHaveLength(32);
      expect(() => parser.push(oneByte(40), () => {})).toThrow('Too many chunk streams');
    });

    it('refuses an oversized declaration on its header, before any of its bytes arrive', () => {
      const parser = new ChunkParser();
      expect(() => parser.push(header(3, DEFAULT_MAX_COMMAND_SIZE + 1, MessageType.commandAmf0), () => {})).toThrow(
        /too large/,
      );
      const small = new ChunkParser({ maxMessageSize: 1024 * 1024 });
      small.push(header(6, 1024 * 1024, MessageType.video), () => {});
      expect(() =>
        new ChunkParser({ maxMessageSize: 1024 * 1024 }).push(header(7, 1024 * 1024 + 1, 9), () => {}),
      ).toThrow(/too large/);
    });

    it('holds what arrived, not what a header declared, and never waits for a whole chunk', () => {
      const parser = new ChunkParser();
      parser.setChunkSize(MAX_CHUNK_SIZE);
      const declared = 8 * 1024 * 1024;
      parser.push(Buffer.concat([header(6, declared, MessageType.video), Buffer.alloc(10)]), () => {});
      expect(parser.buffered).toBeLessThanOrEqual(20);
      // A 1 MiB chunk fed 1 KiB at a time: memory follows the bytes, and nothing is copied over and over.
      for (let i = 0; i < 1024; i++) parser.push(Buffer.alloc(1024), () => {});
      expect(parser.buffered).toBeLessThanOrEqual(2 * (1024 * 1024 + 10));
    });

    it('caps the bytes held for incomplete messages across chunk streams', () => {
      const parser = new ChunkParser({ maxBufferedBytes: 128 * 1024 });
      parser.setChunkSize(50_000);
      const part = (csid: number) =>
        Buffer.concat([header(csid, 60_000, MessageType.commandAmf0), Buffer.alloc(50_000)]);
      parser.push(part(3), () => {});
      parser.push(part(4), () => {});
      expect(() => parser.push(part(5), () => {})).toThrow(/buffered/);
    });

    it('lets the limits rise for an authorised publisher and still delivers whole messages', () => {
      const parser = new ChunkParser({ maxMessageSize: DEFAULT_MAX_COMMAND_SIZE });
      const big: RtmpMessage = { csid: 6, typeId: 9, streamId: 1, timestamp: 0, payload: payload(500_000) };
      expect(() => parseAll(encodeChunks(big, 128), new ChunkParser({ maxMessageSize: 1000 }))).toThrow();
      parser.setLimits({ maxMessageSize: 1024 * 1024, maxBufferedBytes: 2 * 1024 * 1024 });
      parser.setChunkSize(4096);
      expect(parseAll(encodeChunks(big, 4096), parser, 1500)).toEqual([big]);
      expect(parser.buffered).toBe(0);
    });
  });
});

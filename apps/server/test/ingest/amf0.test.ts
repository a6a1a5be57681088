import { describe, expect, it } from 'vitest';
import {
  AmfError,
  type AmfValue,
  decodeAmf0,
  decodeAmf0Values,
  ecmaArray,
  encodeAmf0,
  encodeAmf0Values,
  isEcmaArray,
} from '../../src/platform/ingest/amf0.ts';

const roundTrip = (value: AmfValue) => decodeAmf0(encodeAmf0(value)).value;

describe('AMF0', () => {
  it('round-trips scalars', () => {
    for (const value of [
      0,
      -1.5,
      2 ** 40,
      Number.MAX_VALUE,
      true,
      false,
      '',
      'connect',
      '演播 live',
      null,
      undefined,
    ]) {
      expect(roundTrip(value)).toEqual(value);
    }
    expect(Number.isNaN(roundTrip(Number.NaN))).toBe(true);
  });

  it('encodes numbers, strings and booleans as the specification lays them out', () => {
    expect(encodeAmf0(1)).toEqual(Buffer.from([0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]));
    expect(encodeAmf0('ab')).toEqual(Buffer.from([0x02, 0x00, 0x02, 0x61, 0x62]));
    expect(encodeAmf0(true)).toEqual(Buffer.from([0x01, 0x01]));
    expect(encodeAmf0(null)).toEqual(Buffer.from([0x05]));
    expect(encodeAmf0(undefined)).toEqual(Buffer.from([0x06]));
    expect(encodeAmf0({ a: 1 })).toEqual(
      Buffer.from([0x03, 0x00, 0x01, 0x61, 0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x09]),
    );
  });

  it('round-trips objects, ECMA arrays, strict arrays and dates', () => {
    const object = {
      app: 'live',
      tcUrl: 'rtmp://h/live',
      fpad: false,
      capabilities: 239,
      nested: { x: [1, 'two', null] },
    };
    expect(roundTrip(object)).toEqual(object);

    const meta = ecmaArray({ width: 320, height: 240, videocodecid: 7, encoder: 'Lavf' });
    const encoded = encodeAmf0(meta);
    expect(encoded[0]).toBe(0x08);
    expect(encoded.readUInt32BE(1)).toBe(4);
    const decoded = decodeAmf0(encoded).value;
    expect(decoded).toEqual({ width: 320, height: 240, videocodecid: 7, encoder: 'Lavf' });
    expect(isEcmaArray(decoded)).toBe(true);
    expect(encodeAmf0(decoded)).toEqual(encoded);

    const date = new Date('2025-01-02T03:04:05.678Z');
    expect(roundTrip(date)).toEqual(date);
    expect(roundTrip([])).toEqual([]);
  });

  it('uses a long string past 65535 bytes', () => {
    const long = 'x'.repeat(70_000);
    const encoded = encodeAmf0(long);
    expect(encoded[0]).toBe(0x0c);
    expect(roundTrip(long)).toBe(long);
  });

  it('decodes a whole command message', () => {
    const values: AmfValue[] = ['publish', 5, null, 'stream?key=abc', 'live'];
    expect(decodeAmf0Values(encodeAmf0Values(values))).toEqual(values);
  });

  it('decodes a connect command built byte by byte', () => {
    const bytes = Buffer.concat([
      Buffer.from([0x02, 0x00, 0x07]),
      Buffer.from('connect'),
      Buffer.from([0x00, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0x03, 0x00, 0x03]),
      Buffer.from('app'),
      Buffer.from([0x02, 0x00, 0x04]),
      Buffer.from('live'),
      Buffer.from([0x00, 0x00, 0x09]),
    ]);
    expect(decodeAmf0Values(bytes)).toEqual(['connect', 1, { app: 'live' }]);
  });

  it('reads typed objects, undefined-like markers and ECMA arrays whose count is wrong', () => {
    const typed = Buffer.concat([
      Buffer.from([0x10, 0x00, 0x01]),
      Buffer.from('C'),
      Buffer.from([0x00, 0x01]),
      Buffer.from('k'),
      Buffer.from([0x01, 0x00, 0x00, 0x00, 0x09]),
    ]);
    expect(decodeAmf0(typed).value).toEqual({ k: false });
    expect(decodeAmf0(Buffer.from([0x0d])).value).toBeUndefined();
    const ecma = Buffer.from([0x08, 0, 0, 0, 99, 0x00, 0x01, 0x61, 0x05, 0x00, 0x00, 0x09]);
    expect(decodeAmf0(ecma)).toEqual({ value: { a: null }, offset: ecma.length });
  });

  it('refuses truncated, unknown and hostile input with AmfError', () => {
    const full = encodeAmf0({ app: 'live', tcUrl: 'rtmp://x/live', list: [1, 'a'], when: new Date(0) });
    for (let cut = 0; cut < full.length; cut++) {
      expect(() => decodeAmf0(full.subarray(0, cut))).toThrow(AmfError);
    }
    expect(() => decodeAmf0(Buffer.from([0x42]))).toThrow(AmfError);
    expect(() => decodeAmf0(Buffer.from([0x07, 0x00, 0x01]))).toThrow(AmfError);
    expect(() => decodeAmf0(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x05]))).toThrow(AmfError);
    const nested: number[] = [];
    for (let i = 0; i < 200; i++) nested.push(0x0a, 0, 0, 0, 1);
    nested.push(0x05);
    expect(() => decodeAmf0(Buffer.from(nested))).toThrow(AmfError);
  });

  it('drops __proto__ keys instead of polluting prototypes', () => {
    const bytes = Buffer.concat([
      Buffer.from([0x03, 0x00, 0x09]),
      Buffer.from('__proto__'),
      Buffer.from([0x03, 0x00, 0x01]),
      Buffer.from('p'),
      Buffer.from([0x01, 0x01, 0x00, 0x00, 0x09, 0x00, 0x00, 0x09]),
    ]);
    const value = decodeAmf0(bytes).value as Record<string, unknown>;
    expect(value.p).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });
  it('bounds what one decode may build: keys, values, string length, depth and size', () => {
    const manyKeys: Record<string, number> = {};
    for (let i = 0; i < 200; i++) manyKeys[`k${i}`] = i;
    const object = encodeAmf0(manyKeys);
    expect(Object.keys(decodeAmf0(object).value as object)).toHaveLength(200);
    expect(() => decodeAmf0(object, 0, { maxKeys: 100 })).toThrow(/too many properties/);
    expect(() => decodeAmf0(object, 0, { maxValues: 150 })).toThrow(/too many values/);
    expect(() => decodeAmf0(encodeAmf0(Array(200).fill(1)), 0, { maxKeys: 100 })).toThrow(/too many elements/);
    expect(() => decodeAmf0(encodeAmf0('x'.repeat(9000)), 0, { maxStringLength: 8192 })).toThrow(/too long/);
    expect(() => decodeAmf0(encodeAmf0({ a: { b: { c: 1 } } }), 0, { maxDepth: 2 })).toThrow(/nested/);
    expect(() => decodeAmf0Values(encodeAmf0Values(['connect', 'x'.repeat(2000)]), 0, { maxBytes: 1000 })).toThrow(
      /too large/,
    );
  });

  it('refuses a hostile 1.5 M key object quickly by default', () => {
    const bytes = Buffer.alloc(3 + 1_500_000 * 4 + 3);
    bytes[0] = 0x03;
    for (let i = 0, p = 1; i < 1_500_000; i++, p += 4) bytes.set([0x00, 0x01, 0x61, 0x05], p);
    bytes.set([0x00, 0x00, 0x09], bytes.length - 3);
    const started = performance.now();
    expect(() => decodeAmf0(bytes)).toThrow(AmfError);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

/**
 * AMF0 (Action Message Format 0), as used by RTMP commands and FLV script data.
 *
 * Values map to JavaScript as: number, boolean, string, null, undefined, Date, arrays (strict arrays) and plain
 * objects (anonymous objects). An ECMA array decodes to a plain object marked with {@link ECMA_ARRAY}; wrap an object
 * with {@link ecmaArray} to encode it as one (onMetaData is conventionally an ECMA array).
 */

export const ECMA_ARRAY: unique symbol = Symbol('amf0.ecmaArray');

export type AmfValue = number | boolean | string | null | undefined | Date | AmfValue[] | AmfObject;
export interface AmfObject {
  [key: string]: AmfValue;
}

export class AmfError extends Error {}

const MARKER = {
  number: 0x00,
  boolean: 0x01,
  string: 0x02,
  object: 0x03,
  null: 0x05,
  undefined: 0x06,
  reference: 0x07,
  ecmaArray: 0x08,
  objectEnd: 0x09,
  strictArray: 0x0a,
  date: 0x0b,
  longString: 0x0c,
  unsupported: 0x0d,
  xmlDocument: 0x0f,
  typedObject: 0x10,
} as const;

const MAX_DEPTH = 64;

/**
 * Bounds on what one decode may build. A value costs the CPU and memory of what it declares, so an unbounded decode of
 * a hostile command (a 16 MB object with 1.5 M keys) holds the event loop for the better part of a second.
 */
export interface AmfDecodeLimits {
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** Properties of one object or ECMA array, elements of one strict array. */
  maxKeys: number;
  /** Values in the whole decode, nested ones included. */
  maxValues: number;
  /** Bytes of one string (or property name). */
  maxStringLength: number;
  /** Bytes of the input decoded. */
  maxBytes: number;
}

/** Generous for script data (onMetaData has a few dozen keys); still bounded. */
export const DEFAULT_DECODE_LIMITS: Readonly<AmfDecodeLimits> = {
  maxDepth: 32,
  maxKeys: 4096,
  maxValues: 65_536,
  maxStringLength: 1024 * 1024,
  maxBytes: 8 * 1024 * 1024,
};

/** Marks an object so that it is encoded as an AMF0 ECMA array. Returns the same object. */
export function ecmaArray<T extends AmfObject>(object: T): T {
  Object.defineProperty(object, ECMA_ARRAY, { value: true, enumerable: false });
  return object;
}

export function isEcmaArray(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ECMA_ARRAY] === true;
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding

class Writer {
  parts: Buffer[] = [];
  byte(value: number) {
    this.parts.push(Buffer.from([value]));
  }
  u16(value: number) {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16BE(value);
    this.parts.push(b);
  }
  u32(value: number) {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32BE(value >>> 0);
    this.parts.push(b);
  }
  double(value: number) {
    const b = Buffer.allocUnsafe(8);
    b.writeDoubleBE(value);
    this.parts.push(b);
  }
  raw(buffer: Buffer) {
    this.parts.push(buffer);
  }
}

function writeKey(w: Writer, key: string) {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length > 0xffff) throw new AmfError('AMF0 property name too long');
  w.u16(bytes.length);
  w.raw(bytes);
}

function writeProperties(w: Writer, object: AmfObject, depth: number) {
  for (const [key, value] of Object.entries(object)) {
    writeKey(w, key);
    writeValue(w, value, depth + 1);
  }
  w.u16(0);
  w.byte(MARKER.objectEnd);
}

function writeValue(w: Writer, value: AmfValue, depth: number) {
  if (depth > MAX_DEPTH) throw new AmfError('AMF0 value nested too deeply');
  if (value === null) return w.byte(MARKER.null);
  if (value === undefined) return w.byte(MARKER.undefined);
  switch (typeof value) {
    case 'number':
      w.byte(MARKER.number);
      return w.double(value);
    case 'boolean':
      w.byte(MARKER.boolean);
      return w.byte(value ? 1 : 0);
    case 'string': {
      const bytes = Buffer.from(value, 'utf8');
      if (bytes.length <= 0xffff) {
        w.byte(MARKER.string);
        w.u16(bytes.length);
      } else {
        w.byte(MARKER.longString);
        w.u32(bytes.length);
      }
      return w.raw(bytes);
    }
    case 'object':
      break;
    default:
      throw new AmfError(`AMF0 cannot encode a ${typeof value}`);
  }
  if (value instanceof Date) {
    w.byte(MARKER.date);
    w.double(value.getTime());
    return w.u16(0);
  }
  if (Array.isArray(value)) {
    w.byte(MARKER.strictArray);
    w.u32(value.length);
    for (const item of value) writeValue(w, item, depth + 1);
    return;
  }
  if (isEcmaArray(value)) {
    w.byte(MARKER.ecmaArray);
    w.u32(Object.keys(value).length);
  } else {
    w.byte(MARKER.object);
  }
  writeProperties(w, value, depth);
}

/** Encodes one value. */
export function encodeAmf0(value: AmfValue): Buffer {
  const w = new Writer();
  writeValue(w, value, 0);
  return Buffer.concat(w.parts);
}

/** Encodes a sequence of values back to back (a command message, a script data body). */
export function encodeAmf0Values(values: readonly AmfValue[]): Buffer {
  const w = new Writer();
  for (const value of values) writeValue(w, value, 0);
  return Buffer.concat(w.parts);
}

// ---------------------------------------------------------------------------------------------------------------
// Decoding

class Reader {
  buffer: Buffer;
  offset: number;
  readonly limits: AmfDecodeLimits;
  values = 0;
  constructor(buffer: Buffer, offset: number, limits: Partial<AmfDecodeLimits> | undefined) {
    this.buffer = buffer;
    this.offset = offset;
    this.limits = { ...DEFAULT_DECODE_LIMITS, ...limits };
    if (buffer.length - offset > this.limits.maxBytes) throw new AmfError('AMF0 data too large');
  }
  count() {
    if (++this.values > this.limits.maxValues) throw new AmfError('AMF0 data holds too many values');
  }
  need(n: number) {
    if (this.offset + n > this.buffer.length) throw new AmfError('AMF0 data truncated');
  }
  byte() {
    this.need(1);
    return this.buffer[this.offset++];
  }
  u16() {
    this.need(2);
    const v = this.buffer.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  double() {
    this.need(8);
    const v = this.buffer.readDoubleBE(this.offset);
    this.offset += 8;
    return v;
  }
  utf8(length: number) {
    if (length > this.limits.maxStringLength) throw new AmfError('AMF0 string too long');
    this.need(length);
    const s = this.buffer.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return s;
  }
}

function readProperties(r: Reader, target: AmfObject, depth: number) {
  for (let keys = 0; ; keys++) {
    if (keys > r.limits.maxKeys) throw new AmfError('AMF0 object has too many properties');
    const keyLength = r.u16();
    if (keyLength === 0) {
      // An empty name followed by the object-end marker closes the object.
      const marker = r.byte();
      if (marker === MARKER.objectEnd) return;
      // An empty property name with a real value: keep it under ''.
      r.offset--;
      target[''] = readValue(r, depth + 1);
      continue;
    }
    const key = r.utf8(keyLength);
    const value = readValue(r, depth + 1);
    if (key === '__proto__') continue;
    target[key] = value;
  }
}

function readValue(r: Reader, depth: number): AmfValue {
  if (depth > r.limits.maxDepth) throw new AmfError('AMF0 value nested too deeply');
  r.count();
  const marker = r.byte();
  switch (marker) {
    case MARKER.number:
      return r.double();
    case MARKER.boolean:
      return r.byte() !== 0;
    case MARKER.string:
      return r.utf8(r.u16());
    case MARKER.longString:
    case MARKER.xmlDocument:
      return r.utf8(r.u32());
    case MARKER.null:
      return null;
    case MARKER.undefined:
    case MARKER.unsupported:
      return undefined;
    case MARKER.object: {
      const object: AmfObject = {};
      readProperties(r, object, depth);
      return object;
    }
    case MARKER.typedObject: {
      r.utf8(r.u16()); // class name, not kept
      const object: AmfObject = {};
      readProperties(r, object, depth);
      return object;
    }
    case MARKER.ecmaArray: {
      r.u32(); // associative count: advisory only, the list ends with the object-end marker
      const object = ecmaArray({} as AmfObject);
      readProperties(r, object, depth);
      return object;
    }
    case MARKER.strictArray: {
      const count = r.u32();
      if (count > r.limits.maxKeys) throw new AmfError('AMF0 array has too many elements');
      // Each element takes at least one byte: refuse counts the data cannot hold.
      r.need(count);
      const items: AmfValue[] = [];
      for (let i = 0; i < count; i++) items.push(readValue(r, depth + 1));
      return items;
    }
    case MARKER.date: {
      const time = r.double();
      r.u16(); // time zone, reserved
      return new Date(time);
    }
    case MARKER.reference:
      throw new AmfError('AMF0 references are not supported');
    default:
      throw new AmfError(`Unknown AMF0 marker 0x${marker.toString(16)}`);
  }
}

/** Decodes one value at offset; returns it with the offset just past it. */
export function decodeAmf0(
  buffer: Buffer,
  offset = 0,
  limits?: Partial<AmfDecodeLimits>,
): { value: AmfValue; offset: number } {
  const r = new Reader(buffer, offset, limits);
  const value = readValue(r, 0);
  return { value, offset: r.offset };
}

/** Decodes every value in the buffer (a whole command or script data message). */
export function decodeAmf0Values(buffer: Buffer, offset = 0, limits?: Partial<AmfDecodeLimits>): AmfValue[] {
  const r = new Reader(buffer, offset, limits);
  const values: AmfValue[] = [];
  while (r.offset < buffer.length) values.push(readValue(r, 0));
  return values;
}

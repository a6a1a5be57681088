/**
 * MPEG-2 transport stream writing (ISO/IEC 13818-1): 188-byte packets, PAT and PMT sections with their CRC-32,
 * PES packets with PTS/DTS, adaptation fields with PCR, random access indicator and stuffing, continuity counters.
 * Also the H.264 (AVCC to Annex B) and AAC (ADTS) conversions an HLS segment needs.
 */

export const TS_PACKET_SIZE = 188;
export const PID = { pat: 0x0000, pmt: 0x1000, video: 0x0100, audio: 0x0101 } as const;
export const StreamType = { h264: 0x1b, aac: 0x0f } as const;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/** CRC-32/MPEG-2: polynomial 0x04C11DB7, initial 0xFFFFFFFF, no reflection, no final xor. */
export function crc32Mpeg(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc >>> 0;
}

/** A PSI section (table) in a packet of its own: pointer field, section, CRC, then 0xFF filling. */
function psiPacket(pid: number, cc: number, section: Buffer): Buffer {
  const packet = Buffer.alloc(TS_PACKET_SIZE, 0xff);
  packet[0] = 0x47;
  packet[1] = 0x40 | ((pid >> 8) & 0x1f);
  packet[2] = pid & 0xff;
  packet[3] = 0x10 | (cc & 0x0f);
  packet[4] = 0; // pointer_field
  section.copy(packet, 5);
  packet.writeUInt32BE(crc32Mpeg(section), 5 + section.length);
  return packet;
}

/** Program Association Table with program 1 at PID.pmt. */
export function patPacket(cc: number): Buffer {
  const s = Buffer.alloc(12);
  s[0] = 0x00; // table_id
  const sectionLength = 5 + 4 + 4;
  s[1] = 0xb0 | (sectionLength >> 8);
  s[2] = sectionLength & 0xff;
  s.writeUInt16BE(1, 3); // transport_stream_id
  s[5] = 0xc1; // version 0, current_next 1
  s[6] = 0; // section_number
  s[7] = 0; // last_section_number
  s.writeUInt16BE(1, 8); // program_number
  s[10] = 0xe0 | (PID.pmt >> 8);
  s[11] = PID.pmt & 0xff;
  return psiPacket(PID.pat, cc, s);
}

export interface PmtStream {
  streamType: number;
  pid: number;
}

/** Program Map Table for program 1. */
export function pmtPacket(cc: number, pcrPid: number, streams: PmtStream[]): Buffer {
  const s = Buffer.alloc(12 + 5 * streams.length);
  s[0] = 0x02; // table_id
  const sectionLength = 9 + 5 * streams.length + 4;
  s[1] = 0xb0 | (sectionLength >> 8);
  s[2] = sectionLength & 0xff;
  s.writeUInt16BE(1, 3); // program_number
  s[5] = 0xc1;
  s[6] = 0;
  s[7] = 0;
  s[8] = 0xe0 | (pcrPid >> 8);
  s[9] = pcrPid & 0xff;
  s[10] = 0xf0; // program_info_length 0
  s[11] = 0;
  let p = 12;
  for (const stream of streams) {
    s[p] = stream.streamType;
    s[p + 1] = 0xe0 | (stream.pid >> 8);
    s[p + 2] = stream.pid & 0xff;
    s[p + 3] = 0xf0; // ES_info_length 0
    s[p + 4] = 0;
    p += 5;
  }
  return psiPacket(PID.pmt, cc, s);
}

const TWO_30 = 0x40000000;
const TS_MASK = 2 ** 33;

/** A 33-bit PTS or DTS in the 5-byte form with marker bits; prefix is 0b0010, 0b0011 or 0b0001. */
export function writeTimestamp(target: Buffer, offset: number, prefix: number, value: number) {
  const v = ((Math.floor(value) % TS_MASK) + TS_MASK) % TS_MASK;
  const high = Math.floor(v / TWO_30) & 0x07; // bits 32..30
  const low = v % TWO_30; // bits 29..0
  target[offset] = (prefix << 4) | (high << 1) | 1;
  target[offset + 1] = (low >>> 22) & 0xff;
  target[offset + 2] = (((low >>> 15) & 0x7f) << 1) | 1;
  target[offset + 3] = (low >>> 7) & 0xff;
  target[offset + 4] = ((low & 0x7f) << 1) | 1;
}

/** Reads back a 5-byte PTS/DTS (tests). */
export function readTimestamp(source: Buffer, offset: number): number {
  const high = (source[offset] >> 1) & 0x07;
  const low =
    (source[offset + 1] << 22) |
    ((source[offset + 2] >> 1) << 15) |
    (source[offset + 3] << 7) |
    (source[offset + 4] >> 1);
  return high * TWO_30 + (low >>> 0);
}

/** PCR as 6 bytes: 33-bit base (90 kHz), 6 reserved bits, 9-bit extension (27 MHz remainder, here 0). */
function writePcr(target: Buffer, offset: number, base90k: number) {
  const v = ((Math.floor(base90k) % TS_MASK) + TS_MASK) % TS_MASK;
  const top = Math.floor(v / 2); // bits 32..1
  target.writeUInt32BE(top >>> 0, offset);
  target[offset + 4] = ((v & 1) << 7) | 0x7e;
  target[offset + 5] = 0;
}

export interface PesOptions {
  pid: number;
  streamId: number;
  /** 90 kHz. */
  pts: number;
  dts?: number;
  /** PCR value (90 kHz base) to carry in the first packet's adaptation field. */
  pcr?: number;
  randomAccess?: boolean;
}

/** Continuity counters, one per PID, kept across segments. */
export class ContinuityCounters {
  private counters = new Map<number, number>();
  next(pid: number): number {
    const value = this.counters.get(pid) ?? 0;
    this.counters.set(pid, (value + 1) & 0x0f);
    return value;
  }
}

/** One PES packet split into transport packets. */
export function pesPackets(options: PesOptions, payload: Buffer, counters: ContinuityCounters): Buffer[] {
  const hasDts = options.dts !== undefined && options.dts !== options.pts;
  const headerDataLength = hasDts ? 10 : 5;
  const pesHeader = Buffer.alloc(9 + headerDataLength);
  pesHeader[0] = 0;
  pesHeader[1] = 0;
  pesHeader[2] = 1;
  pesHeader[3] = options.streamId;
  const pesLength = 3 + headerDataLength + payload.length;
  pesHeader.writeUInt16BE(pesLength > 0xffff ? 0 : pesLength, 4);
  pesHeader[6] = 0x80; // '10', not scrambled, no priority, no alignment flag, no copyright, original
  pesHeader[7] = hasDts ? 0xc0 : 0x80; // PTS_DTS_flags
  pesHeader[8] = headerDataLength;
  writeTimestamp(pesHeader, 9, hasDts ? 0x3 : 0x2, options.pts);
  if (hasDts) writeTimestamp(pesHeader, 14, 0x1, options.dts!);

  const data = Buffer.concat([pesHeader, payload]);
  const packets: Buffer[] = [];
  let offset = 0;
  let first = true;
  while (offset < data.length) {
    const packet = Buffer.alloc(TS_PACKET_SIZE, 0xff);
    const withPcr = first && options.pcr !== undefined;
    const randomAccess = first && options.randomAccess === true;
    // Adaptation field content beyond its length byte: the flags byte, then PCR.
    let afContent = withPcr || randomAccess ? 1 + (withPcr ? 6 : 0) : 0;
    let hasAf = afContent > 0;
    const remaining = data.length - offset;
    let space = TS_PACKET_SIZE - 4 - (hasAf ? 1 + afContent : 0);
    if (remaining < space) {
      const stuffing = space - remaining;
      if (hasAf) {
        afContent += stuffing;
      } else {
        hasAf = true;
        afContent = stuffing - 1; // the length byte itself takes one
      }
      space = remaining;
    }
    packet[0] = 0x47;
    packet[1] = (first ? 0x40 : 0) | ((options.pid >> 8) & 0x1f);
    packet[2] = options.pid & 0xff;
    packet[3] = (hasAf ? 0x30 : 0x10) | counters.next(options.pid);
    let p = 4;
    if (hasAf) {
      packet[p++] = afContent;
      if (afContent > 0) {
        const flagsAt = p++;
        packet[flagsAt] = (randomAccess ? 0x40 : 0) | (withPcr ? 0x10 : 0);
        if (withPcr) {
          writePcr(packet, p, options.pcr!);
          p += 6;
        }
        // the rest of the adaptation field stays 0xFF (stuffing)
        p = 4 + 1 + afContent;
      }
    }
    data.copy(packet, p, offset, offset + space);
    offset += space;
    packets.push(packet);
    first = false;
  }
  return packets;
}

// ---------------------------------------------------------------------------------------------------------------
// H.264

export interface AvcConfig {
  nalLengthSize: number;
  sps: Buffer[];
  pps: Buffer[];
}

/** Parses an AVCDecoderConfigurationRecord (ISO/IEC 14496-15). */
export function parseAvcConfig(record: Buffer): AvcConfig | null {
  if (record.length < 7 || record[0] !== 1) return null;
  const nalLengthSize = (record[4] & 0x03) + 1;
  let p = 5;
  const sps: Buffer[] = [];
  const pps: Buffer[] = [];
  const spsCount = record[p++] & 0x1f;
  for (let i = 0; i < spsCount; i++) {
    if (p + 2 > record.length) return null;
    const len = record.readUInt16BE(p);
    p += 2;
    if (p + len > record.length) return null;
    sps.push(record.subarray(p, p + len));
    p += len;
  }
  if (p >= record.length) return null;
  const ppsCount = record[p++];
  for (let i = 0; i < ppsCount; i++) {
    if (p + 2 > record.length) return null;
    const len = record.readUInt16BE(p);
    p += 2;
    if (p + len > record.length) return null;
    pps.push(record.subarray(p, p + len));
    p += len;
  }
  return { nalLengthSize, sps, pps };
}

const START_CODE = Buffer.from([0, 0, 0, 1]);
const ACCESS_UNIT_DELIMITER = Buffer.from([0, 0, 0, 1, 0x09, 0xf0]);

/**
 * Length-prefixed NAL units to an Annex B access unit: an access unit delimiter first, and SPS/PPS before an IDR
 * picture unless the frame already carries them. Returns null on malformed lengths.
 */
export function avccToAnnexB(frame: Buffer, config: AvcConfig): { data: Buffer; idr: boolean } | null {
  const units: Buffer[] = [];
  let idr = false;
  let hasParams = false;
  let p = 0;
  const size = config.nalLengthSize;
  while (p + size <= frame.length) {
    const len = frame.readUIntBE(p, size);
    p += size;
    if (len === 0) continue;
    if (p + len > frame.length) return null;
    const nal = frame.subarray(p, p + len);
    p += len;
    const type = nal[0] & 0x1f;
    if (type === 9) continue; // the delimiter is written once, first
    if (type === 5) idr = true;
    if (type === 7 || type === 8) hasParams = true;
    units.push(nal);
  }
  const parts: Buffer[] = [ACCESS_UNIT_DELIMITER];
  if (idr && !hasParams) {
    for (const nal of config.sps) parts.push(START_CODE, nal);
    for (const nal of config.pps) parts.push(START_CODE, nal);
  }
  for (const nal of units) parts.push(START_CODE, nal);
  return { data: Buffer.concat(parts), idr };
}

// ---------------------------------------------------------------------------------------------------------------
// AAC

export interface AacConfig {
  objectType: number;
  sampleRateIndex: number;
  channelConfig: number;
  sampleRate: number;
}

const SAMPLE_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Parses the start of an AudioSpecificConfig (ISO/IEC 14496-3). */
export function parseAacConfig(asc: Buffer): AacConfig | null {
  if (asc.length < 2) return null;
  const objectType = asc[0] >> 3;
  const sampleRateIndex = ((asc[0] & 0x07) << 1) | (asc[1] >> 7);
  const channelConfig = (asc[1] >> 3) & 0x0f;
  if (objectType === 0 || objectType === 31 || sampleRateIndex >= SAMPLE_RATES.length) return null;
  return { objectType, sampleRateIndex, channelConfig, sampleRate: SAMPLE_RATES[sampleRateIndex] };
}

/** A 7-byte ADTS header (no CRC) for a raw AAC frame of `length` bytes. */
export function adtsHeader(config: AacConfig, length: number): Buffer {
  const frameLength = length + 7;
  // ADTS carries the profile in 2 bits (object type - 1): HE-AAC is signalled implicitly as LC.
  const profile = config.objectType >= 1 && config.objectType <= 4 ? config.objectType - 1 : 1;
  const h = Buffer.alloc(7);
  h[0] = 0xff;
  h[1] = 0xf1; // MPEG-4, layer 0, no CRC
  h[2] = (profile << 6) | (config.sampleRateIndex << 2) | ((config.channelConfig >> 2) & 0x01);
  h[3] = ((config.channelConfig & 0x03) << 6) | ((frameLength >> 11) & 0x03);
  h[4] = (frameLength >> 3) & 0xff;
  h[5] = ((frameLength & 0x07) << 5) | 0x1f;
  h[6] = 0xfc;
  return h;
}

/**
 * FLV file format (Adobe FLV and F4V specification, annex E): the 9-byte header, tags with their 11-byte header and
 * the PreviousTagSize fields, and the few facts about audio and video tag bodies the ingest needs.
 */

export const TagType = { audio: 8, video: 9, script: 18 } as const;
export type TagTypeId = 8 | 9 | 18;

export const VideoCodec = { avc: 7, hevc: 12 } as const;
export const SoundFormat = { aac: 10 } as const;

/** FLV header (9 bytes) followed by PreviousTagSize0 (4 zero bytes). */
export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  const b = Buffer.alloc(13);
  b.write('FLV', 0, 'latin1');
  b[3] = 1;
  b[4] = (hasAudio ? 0x04 : 0) | (hasVideo ? 0x01 : 0);
  b.writeUInt32BE(9, 5);
  return b;
}

/** One tag: header, body and the PreviousTagSize that follows it. */
export function flvTag(type: number, timestamp: number, data: Buffer): Buffer {
  const b = Buffer.allocUnsafe(11 + data.length + 4);
  const ts = timestamp >>> 0;
  b[0] = type;
  b.writeUIntBE(data.length, 1, 3);
  b.writeUIntBE(ts & 0xffffff, 4, 3);
  b[7] = (ts >>> 24) & 0xff;
  b.writeUIntBE(0, 8, 3);
  data.copy(b, 11);
  b.writeUInt32BE(11 + data.length, 11 + data.length);
  return b;
}

/** Video tag body: FrameType 1 (keyframe), or an enhanced-RTMP keyframe. */
export function isVideoKeyframe(data: Buffer): boolean {
  if (data.length < 1) return false;
  return ((data[0] >> 4) & 0x07) === 1;
}

/** AVC video tag whose AVCPacketType is 0: the AVCDecoderConfigurationRecord. */
export function isAvcSequenceHeader(data: Buffer): boolean {
  return data.length >= 2 && (data[0] & 0x0f) === VideoCodec.avc && data[1] === 0;
}

/** Any video sequence header: AVC/HEVC legacy signalling, or enhanced RTMP's PacketTypeSequenceStart. */
export function isVideoSequenceHeader(data: Buffer): boolean {
  if (data.length < 2) return false;
  if (data[0] & 0x80) return (data[0] & 0x0f) === 0; // enhanced RTMP: IsExHeader, PacketType 0
  const codec = data[0] & 0x0f;
  return (codec === VideoCodec.avc || codec === VideoCodec.hevc) && data[1] === 0;
}

/** AAC audio tag whose AACPacketType is 0: the AudioSpecificConfig. */
export function isAacSequenceHeader(data: Buffer): boolean {
  return data.length >= 2 && data[0] >> 4 === SoundFormat.aac && data[1] === 0;
}

/** Reads the tags of an FLV byte stream (used by tests and tools). Stops at the first incomplete tag. */
export function parseFlvTags(bytes: Buffer): { type: number; timestamp: number; data: Buffer }[] {
  const tags: { type: number; timestamp: number; data: Buffer }[] = [];
  if (bytes.length < 13 || bytes.toString('latin1', 0, 3) !== 'FLV') return tags;
  let p = bytes.readUInt32BE(5) + 4;
  while (p + 11 <= bytes.length) {
    const type = bytes[p];
    const size = bytes.readUIntBE(p + 1, 3);
    const timestamp = (bytes.readUIntBE(p + 4, 3) | (bytes[p + 7] << 24)) >>> 0;
    if (p + 11 + size + 4 > bytes.length) break;
    tags.push({ type, timestamp, data: bytes.subarray(p + 11, p + 11 + size) });
    p += 11 + size + 4;
  }
  return tags;
}

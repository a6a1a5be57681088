import { crc32, deflateSync } from 'node:zlib';
import { PHOTO_ERRORS, photoListInput, photoListUpdate } from '@yanbo/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeRenditions, photoKindOf } from '../../src/features/photos/photo-images.ts';
import { cameraJpeg, HEIC, png } from './photo-files.ts';

// The photo rules that need no database: what a file's bytes say it is, the pictures made of it, and the contract's
// checks of a list's fields and edits.

const chunk = (name: string, data: Buffer) => {
  const type = Buffer.from(name);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])), 0);
  return Buffer.concat([head, type, data, crc]);
};

/** A small PNG claiming width × height pixels in its header: what a decompression bomb looks like before decoding. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const refusal = (message: string) =>
  expect.objectContaining({ statusCode: 400, field: 'file', message: `file: ${message}` });

describe('photo kinds', () => {
  it('knows JPEG, PNG, WebP and HEIC by their bytes, and nothing else', async () => {
    expect(photoKindOf(await cameraJpeg(8, 8, 1))).toBe('jpeg');
    expect(photoKindOf(await png(8, 8))).toBe('png');
    expect(
      photoKindOf(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(photoKindOf(HEIC)).toBe('heic');
    expect(photoKindOf(Buffer.from('GIF89a........'))).toBeNull();
    expect(photoKindOf(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(photoKindOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('renditions', () => {
  it('turns a photo upright, fits the display picture in 1600 px and the thumbnail in 400 px wide', async () => {
    const { display, thumb } = await makeRenditions(await cameraJpeg(2400, 1800, 8));
    // Orientation 8 is a quarter turn: 2400 × 1800 stored is 1800 × 2400 upright.
    expect([display.width, display.height]).toEqual([1200, 1600]);
    expect([thumb.width, thumb.height]).toEqual([400, 533]);
    const meta = await sharp(display.data).metadata();
    expect({ format: meta.format, exif: meta.exif, icc: meta.icc }).toEqual({
      format: 'jpeg',
      exif: undefined,
      icc: undefined,
    });
  });

  it('puts a transparent PNG on white', async () => {
    const { display } = await makeRenditions(await png(20, 20));
    const { data } = await sharp(display.data).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent green over white, not over black.
    expect(data[0]).toBeGreaterThan(100);
    expect(data[1]).toBeGreaterThan(180);
  });

  it('refuses HEIC, a file that only starts like a picture, a renamed one, and too many pixels', async () => {
    await expect(makeRenditions(HEIC)).rejects.toEqual(refusal(PHOTO_ERRORS.heic));
    await expect(makeRenditions(Buffer.from('ffd8ffe000104a464946', 'hex'))).rejects.toEqual(
      refusal(PHOTO_ERRORS.notPhoto),
    );
    await expect(makeRenditions(Buffer.from('hello'))).rejects.toEqual(refusal(PHOTO_ERRORS.notPhoto));
    await expect(makeRenditions(pngClaiming(10_000, 6_000))).rejects.toEqual(refusal(PHOTO_ERRORS.tooManyPixels));
  });
});

describe('list fields and edits', () => {
  it('takes a title, a description and a cover address a browser may load', () => {
    expect(photoListInput.parse({ title: ' 开幕式 ' })).toEqual({ title: '开幕式', description: '', cover: '' });
    for (const cover of ['/files/activity/1/photos/2/a-thumb.jpg', 'https://cdn.example.com/photos/a.jpg']) {
      expect(photoListInput.safeParse({ title: 'x', cover }).success, cover).toBe(true);
    }
    for (const cover of [
      'javascript:alert(1)',
      'ftp://x/a.jpg',
      '/files/../../etc/passwd',
      '/files/a b.jpg',
      '"><img',
    ]) {
      expect(photoListInput.safeParse({ title: 'x', cover }).success, cover).toBe(false);
    }
    expect(photoListInput.safeParse({ title: '' }).success).toBe(false);
    expect(photoListInput.safeParse({ title: 'x'.repeat(61) }).success).toBe(false);
  });

  it('refuses an order naming a photo twice', () => {
    expect(photoListUpdate.safeParse({ order: [1, 2, 3] }).success).toBe(true);
    const twice = photoListUpdate.safeParse({ order: [1, 2, 1] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({ path: ['order'], message: PHOTO_ERRORS.orderNotWhole });
  });
});

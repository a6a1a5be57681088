import sharp from 'sharp';

// What the photo tests upload: camera-like JPEGs (with an EXIF orientation and a GPS position), a PNG, and a multipart
// body of several files as a browser's form post builds it.

/** A JPEG of width × height pixels as stored, which its EXIF orientation says to turn a quarter (6: 90° clockwise). */
export function cameraJpeg(width: number, height: number, orientation = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 15/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '120/1 10/1 0/1' },
    })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** The first bytes of an iPhone's HEIC photo: an ISO-BMFF ftyp box of brand heic. */
export const HEIC = Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), Buffer.alloc(64)]);

export interface FormFile {
  name: string;
  type: string;
  data: Buffer;
}

export function multipartFiles(files: readonly FormFile[]) {
  const boundary = `----photos${Date.now()}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

import { PHOTO_DISPLAY_SIZE, PHOTO_ERRORS, PHOTO_MAX_PIXELS, PHOTO_THUMB_WIDTH } from '@yanbo/contracts';
import type SharpModule from 'sharp';
import type { Metadata, ResizeOptions, Sharp } from 'sharp';
import { invalidField } from '../../platform/errors.ts';

// What a viewer gets of an uploaded photo (photo live): a thumbnail PHOTO_THUMB_WIDTH wide for the grid and a display
// picture within PHOTO_DISPLAY_SIZE for the full-size viewer, both JPEG, turned upright by the camera's EXIF
// orientation and written without any metadata (a phone's photo carries where it was taken). sharp (libvips) was
// chosen over ffmpeg and jimp by bench/photo-thumbnails.ts.

/**
 * sharp, loaded with the first photo: libvips and its bindings cost a process about 20 MB of RSS that one which never
 * receives a photo should not carry. One picture at a time per call keeps a burst of uploads from holding many decoded
 * images; libvips' cache would keep decoded tiles of pictures nobody asks for again, so it is off.
 */
let loaded: Promise<typeof SharpModule> | null = null;
function loadSharp(): Promise<typeof SharpModule> {
  loaded ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module.default;
  });
  return loaded;
}

/**
 * Photos turned into pictures at once in this process, whatever the number of uploads: each holds a decoded camera
 * picture at its peak (bench/README.md, photo-thumbnails), so a burst waits its turn instead of growing the memory.
 */
const PARALLEL_RENDITIONS = 2;
let rendering = 0;
const queued: (() => void)[] = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  if (rendering >= PARALLEL_RENDITIONS) await new Promise<void>((resolve) => queued.push(resolve));
  rendering += 1;
  try {
    return await task();
  } finally {
    rendering -= 1;
    queued.shift()?.();
  }
}

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heic' | null;

/** The kind of picture a file's first bytes announce (its name and declared type are not trusted). */
export function photoKindOf(head: Buffer): PhotoKind {
  if (head.subarray(0, 3).toString('hex') === 'ffd8ff') return 'jpeg';
  if (head.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'png';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  // An ISO-BMFF file whose brand is one of HEIF's: what an iPhone sends unless told otherwise.
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'].includes(brand)) return 'heic';
  }
  return null;
}

export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
}

export interface PhotoRenditions {
  display: Rendition;
  thumb: Rendition;
}

/**
 * Makes the display picture and the thumbnail of one uploaded file, or refuses it with 400 naming the field `file`:
 * HEIC with its own message, anything else that is not a JPEG, PNG or WebP (or does not decode) as not a photo.
 */
export function makeRenditions(file: Buffer): Promise<PhotoRenditions> {
  return inTurn(() => renderAll(file));
}

async function renderAll(file: Buffer): Promise<PhotoRenditions> {
  const kind = photoKindOf(file);
  if (kind === 'heic') throw invalidField('file', PHOTO_ERRORS.heic);
  if (kind === null) throw invalidField('file', PHOTO_ERRORS.notPhoto);
  const sharp = await loadSharp();
  const source = () => sharp(file, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await source().metadata();
  } catch (error) {
    // libvips reads the size from the header and refuses a picture over the limit before decoding it.
    const overLimit = error instanceof Error && error.message.includes('pixel limit');
    throw invalidField('file', overLimit ? PHOTO_ERRORS.tooManyPixels : PHOTO_ERRORS.notPhoto);
  }
  if (meta.format !== kind) throw invalidField('file', PHOTO_ERRORS.notPhoto);
  if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) throw invalidField('file', PHOTO_ERRORS.tooManyPixels);
  const render = async (input: Sharp, resize: ResizeOptions): Promise<Rendition> => {
    const { data, info } = await input
      .resize({ ...resize, withoutEnlargement: true })
      // A transparent PNG shows on white rather than JPEG's black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, progressive: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const display = await render(source().rotate(), {
      width: PHOTO_DISPLAY_SIZE,
      height: PHOTO_DISPLAY_SIZE,
      fit: 'inside',
    });
    // The thumbnail is made from the display picture: already upright, and a fraction of the pixels to decode.
    const thumb = await render(sharp(display.data), { width: PHOTO_THUMB_WIDTH });
    return { display, thumb };
  } catch {
    throw invalidField('file', PHOTO_ERRORS.notPhoto);
  }
}

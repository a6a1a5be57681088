import { execFile } from 'node:child_process';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PHOTO_DISPLAY_SIZE, PHOTO_THUMB_WIDTH } from '@yanbo/contracts';
import { makeRenditions } from '../apps/server/src/features/photos/photo-images.ts';

// One way of making a photo list's pictures, over every photo of a folder, one after another as an upload does, in a
// process of its own (photo-thumbnails.ts reads its peak RSS from the outside): `copy` (the baseline: the file copied
// as it is), `sharp` (the server's makeRenditions), `ffmpeg` (two runs per photo: display picture, then thumbnail).
// Prints the milliseconds per photo as JSON.

const run = promisify(execFile);
const [method, input, output] = process.argv.slice(2) as ['copy' | 'sharp' | 'ffmpeg', string, string];
const files = (await readdir(input)).filter((name) => name.endsWith('.jpg')).sort();
const times: number[] = [];

for (const name of files) {
  const source = path.join(input, name);
  const stem = path.join(output, `${method}-${path.basename(name, '.jpg')}`);
  const started = performance.now();
  if (method === 'copy') {
    await copyFile(source, `${stem}.jpg`);
  } else if (method === 'sharp') {
    const { display, thumb } = await makeRenditions(await readFile(source));
    await writeFile(`${stem}.jpg`, display.data);
    await writeFile(`${stem}-thumb.jpg`, thumb.data);
  } else {
    // ffmpeg 5 does not read EXIF orientation: the photos are known to be orientation 6, so the turn is given here
    // (in the server it would take an EXIF read first). No metadata is written to the outputs.
    const fit = `scale=${PHOTO_DISPLAY_SIZE}:${PHOTO_DISPLAY_SIZE}:force_original_aspect_ratio=decrease`;
    const ffmpeg = (filter: string, from: string, to: string) =>
      run('ffmpeg', ['-v', 'error', '-y', '-i', from, '-vf', filter, '-q:v', '3', '-map_metadata', '-1', to]);
    await ffmpeg(`transpose=clock,${fit}`, source, `${stem}.jpg`);
    await ffmpeg(`scale=${PHOTO_THUMB_WIDTH}:-2`, `${stem}.jpg`, `${stem}-thumb.jpg`);
  }
  times.push(performance.now() - started);
}
process.stdout.write(JSON.stringify(times));

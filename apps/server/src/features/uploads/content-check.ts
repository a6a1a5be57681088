import { execFile } from 'node:child_process';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../platform/errors.ts';
import { ffprobePath, UPLOAD_INPUT_ARGS } from '../../platform/ffmpeg/upload-input.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { readStoredHead, withLocalFile } from '../../platform/storage/local-copy.ts';

// Media uploads are checked for what they claim to be (issue 8): a file sent as video/mp4 must be an MP4 with a video
// stream, audio/mpeg an MP3 with an audio stream (ffprobe reads them), a PDF must start with its magic bytes and a CSV
// must be text. A file that is not what it claims is refused with 400 and removed, before anything refers to it.

const PROBE_TIMEOUT_MS = 20_000;

interface ProbeRule {
  /** ffprobe's format_name lists every name of the demuxer, comma-separated (mov,mp4,m4a,3gp,3g2,mj2). */
  format: string;
  stream: 'video' | 'audio';
  message: string;
  code: ErrorCode;
}

const PROBED: Record<string, ProbeRule> = {
  'video/mp4': { format: 'mp4', stream: 'video', message: ERROR_MESSAGES.fileNotVideo, code: ERROR_CODES.fileNotVideo },
  'audio/mpeg': {
    format: 'mp3',
    stream: 'audio',
    message: ERROR_MESSAGES.fileNotAudio,
    code: ERROR_CODES.fileNotAudio,
  },
};

interface Probe {
  formats: string[];
  streams: string[];
}

/** What ffprobe finds in a file: its demuxer's names and its streams' types; null when it cannot read it at all. */
export function probeMedia(file: string): Promise<Probe | null> {
  const show = ['-show_entries', 'format=format_name:stream=codec_type', '-of', 'json'];
  const args = ['-v', 'error', ...show, ...UPLOAD_INPUT_ARGS, `file:${file}`];
  return new Promise((resolve) => {
    execFile(ffprobePath(), args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) return resolve(null);
      try {
        const parsed = JSON.parse(stdout) as {
          format?: { format_name?: string };
          streams?: { codec_type?: string }[];
        };
        resolve({
          formats: (parsed.format?.format_name ?? '').split(',').filter(Boolean),
          streams: (parsed.streams ?? []).map((stream) => stream.codec_type ?? ''),
        });
      } catch {
        resolve(null);
      }
    });
  });
}

/** Whether the stored file is what its declared type claims; images are checked by their magic where they arrive. */
export async function contentMatches(files: FileStorage, key: string, mimetype: string): Promise<boolean> {
  const rule = PROBED[mimetype];
  if (rule) {
    const probe = await withLocalFile(files, key, probeMedia);
    // An image renamed .mp4 probes as a one-frame "video" of the image2 demuxer: the container must be the claimed one.
    if (!probe) return false;
    return probe.formats.includes(rule.format) && probe.streams.includes(rule.stream);
  }
  if (mimetype === 'application/pdf') return (await readStoredHead(files, key, 5)).toString('latin1') === '%PDF-';
  // A spreadsheet's CSV may be UTF-8 or GBK, but never has a NUL byte: a binary file sent as CSV has them early.
  if (mimetype === 'text/csv') return !(await readStoredHead(files, key, 64 * 1024)).includes(0);
  return true;
}

function refusal(mimetype: string): HttpError {
  const rule = PROBED[mimetype];
  if (rule) return new HttpError(400, rule.message, rule.code, 'file');
  if (mimetype === 'application/pdf')
    return new HttpError(400, ERROR_MESSAGES.fileNotPdf, ERROR_CODES.fileNotPdf, 'file');
  return new HttpError(400, ERROR_MESSAGES.fileNotCsv, ERROR_CODES.fileNotCsv, 'file');
}

/** Checks an upload just stored under key; one that is not what it claims is removed and refused with 400. */
export async function assertUploadContent(ctx: AppContext, key: string, mimetype: string): Promise<void> {
  if (await contentMatches(ctx.files, key, mimetype)) return;
  await ctx.files.remove(key);
  throw refusal(mimetype);
}

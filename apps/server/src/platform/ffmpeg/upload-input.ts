import path from 'node:path';

/**
 * The containers an upload may be read as (MEDIA_EXTENSIONS), by ffmpeg's demuxer names. An upload is the agent's own
 * bytes: read as HLS or ffconcat it would make ffmpeg or ffprobe open other files and addresses (another agent's
 * videos, a metadata service), so those demuxers and every protocol but file are refused (issue 8).
 */
export const MEDIA_INPUT_FORMATS = 'mov,matroska,webm,flv,live_flv,mpegts,mpeg,mp3,aac,wav,ogg,flac,avi,asf';

/** The input options of every ffmpeg or ffprobe run over an uploaded file, placed before its `-i` or file name. */
export const UPLOAD_INPUT_ARGS = ['-protocol_whitelist', 'file', '-format_whitelist', MEDIA_INPUT_FORMATS];

/** ffprobe sits beside the configured ffmpeg (Debian's ffmpeg package installs both). */
export function ffprobePath(): string {
  const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
  return ffmpeg.includes('/') ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe';
}

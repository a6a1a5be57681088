import { hmac, safeEqual } from '../crypto.ts';

// A media process proves its reports to the API processes with a key derived from the SECRET_KEY they all share
// (issue 15, media as its own process): the HMAC of the exact body it sends. The derived key is used for nothing
// else, so a report signature never doubles as any other credential made from the same secret.

const mediaKey = (secretKey: string) => hmac(secretKey, 'media-process-report');

/** The signature of a report body, as the media process sends it (MEDIA_SIGNATURE_HEADER). */
export function signMediaBody(secretKey: string, body: string): string {
  return hmac(mediaKey(secretKey), body);
}

/** Whether `signature` is the signature of `body` under this deployment's secret. */
export function mediaBodySigned(secretKey: string, body: string, signature: unknown): boolean {
  return typeof signature === 'string' && signature !== '' && safeEqual(signMediaBody(secretKey, body), signature);
}

import { z } from 'zod';
import { defineCalls } from './call.ts';
import { isoDateTime } from './common.ts';

/** Resource configuration, the first thing the console loads (seed 000 §2). */
export const resourceConfig = z.object({
  /** Where uploaded files are served from. */
  staticHost: z.string(),
  /** Where the browser uploads files (see the upload policies). */
  uploadHost: z.string(),
  /** Domains the ingest and playback addresses are built from. */
  pushDomain: z.string(),
  pullDomain: z.string(),
  /** The server-IP list an agent whitelists in its messaging-platform settings. */
  serverIps: z.array(z.string()),
});
export type ResourceConfig = z.infer<typeof resourceConfig>;

/** A short-lived message token (POST /ephemeral-token) for the realtime channels. */
export const ephemeralToken = z.object({ token: z.string(), expiresAt: isoDateTime });
export type EphemeralToken = z.infer<typeof ephemeralToken>;

/** The error-code catalogue (GET /error-codes): each code's text in Chinese and English. */
export const errorCatalogue = z.record(z.string(), z.object({ 'zh-CN': z.string(), en: z.string() }));

export const metaCalls = defineCalls('meta', {
  getErrorCodes: {
    method: 'GET',
    path: '/error-codes',
    summary: 'The error-code catalogue: each code’s text to show',
    access: 'public',
    response: errorCatalogue,
  },
  getResourceConfig: {
    method: 'GET',
    path: '/v3/resource-config',
    summary: 'Where files are served and uploaded, and the stream domains',
    access: 'signedIn',
    response: resourceConfig,
  },
  createEphemeralToken: {
    method: 'POST',
    path: '/ephemeral-token',
    summary: 'A short-lived token for the caller’s realtime connections',
    access: 'signedIn',
    response: ephemeralToken,
  },
});

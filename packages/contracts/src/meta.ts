import { z } from 'zod';
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

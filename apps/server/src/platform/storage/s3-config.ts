/** Object storage settings: S3_ENDPOINT and S3_BUCKET switch files to the bucket (MinIO, Aliyun OSS, Tencent COS, S3). */
export interface S3Config {
  /** http(s)://host[:port] of the S3 API. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Addresses as endpoint/bucket/key (MinIO, most self-hosted stores) instead of bucket.endpoint/key. */
  forcePathStyle: boolean;
  /**
   * Where browsers read public files (S3_PUBLIC_URL, e.g. a CDN in front of the bucket), the key appended; empty: the
   * bucket's own address.
   */
  publicUrl: string;
}

/** Reads S3_* from the environment: null when S3_ENDPOINT and S3_BUCKET are unset; a half-done setting stops start-up. */
export function readS3Config(env: Record<string, string | undefined>): S3Config | null {
  const endpoint = env.S3_ENDPOINT?.trim() ?? '';
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!endpoint && !bucket) return null;
  if (!endpoint || !bucket) throw new Error('S3_ENDPOINT and S3_BUCKET are set together (or neither, for local files)');
  for (const [name, value] of [
    ['S3_ENDPOINT', endpoint],
    ['S3_PUBLIC_URL', env.S3_PUBLIC_URL?.trim() ?? ''],
  ]) {
    if (value && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(value)) throw new Error(`${name} must be an http(s) address`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: ['1', 'true'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
    publicUrl: (env.S3_PUBLIC_URL?.trim() ?? '').replace(/\/+$/, ''),
  };
}

/** The origins browsers reach the bucket's files at (the bucket's address, S3_PUBLIC_URL's), for the pages' CSP. */
export function bucketOrigins(config: S3Config | null): string[] {
  if (!config) return [];
  const endpoint = new URL(config.endpoint);
  const bucket = config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  return [...new Set([bucket, ...(config.publicUrl ? [new URL(config.publicUrl).origin] : [])])];
}

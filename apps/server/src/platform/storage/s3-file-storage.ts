import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILES_URL_PREFIX, type FileStorage, type ListedFile } from './file-storage.ts';
import type { S3Config } from './s3-config.ts';

/** Parts of a streamed upload: at most QUEUE_SIZE × PART_BYTES of a file is held in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The type a file is stored with when the caller names none, by its key's extension (browsers read it from the bucket). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function typeOfKey(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** One S3 client per configuration: it keeps the connections to the bucket. */
const clients = new WeakMap<S3Config, S3Client>();

export function s3ClientFor(config: S3Config): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = createS3Client(config);
    clients.set(config, client);
  }
  return client;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: Aliyun OSS, Tencent COS and older MinIO refuse the CRC trailers of
    // aws-chunked uploads the SDK would otherwise send by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

/** The bucket's own address of a key, path-style or virtual-hosted as configured. */
function bucketUrl(config: S3Config, key: string): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  if (config.forcePathStyle) return `${config.endpoint}/${config.bucket}/${encoded}`;
  const endpoint = new URL(config.endpoint);
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${encoded}`;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, under prefix (files/ for public uploads, task-files/ for the agents' exports), so
 * one bucket holds both and a bucket policy can make only files/ readable by anyone. Keys given to this storage never
 * carry the prefix; the listing strips it.
 */
export function createS3FileStorage(client: S3Client, config: S3Config, prefix: string): FileStorage {
  const Bucket = config.bucket;
  const full = (key: string) => {
    if (key.split('/').some((segment) => segment === '..' || segment === '.') || key.startsWith('/')) {
      throw new Error(`storage key escapes the prefix: ${key}`);
    }
    return `${prefix}${key}`;
  };
  return {
    async put(key, body, options) {
      let size = 0;
      const counted = new PassThrough();
      counted.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      body.on('error', (error) => counted.destroy(error));
      body.pipe(counted);
      const upload = new Upload({
        client,
        queueSize: QUEUE_SIZE,
        partSize: PART_BYTES,
        params: {
          Bucket,
          Key: full(key),
          Body: counted,
          ContentType: options?.contentType ?? typeOfKey(key),
        },
      });
      await upload.done();
      return size;
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: full(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        // A range past the end of the file is an empty read, as on a disk.
        if (error instanceof S3ServiceException && error.name === 'InvalidRange') {
          return { stream: Readable.from([]), size: 0 };
        }
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? '' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(keyPrefix) {
      const found: ListedFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: full(keyPrefix), ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) found.push({ key: item.Key.slice(prefix.length), size: item.Size ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    urlOf(key) {
      full(key);
      return `${FILES_URL_PREFIX}${key}`;
    },
    publicUrlOf(key) {
      return config.publicUrl ? `${config.publicUrl}/${full(key)}` : bucketUrl(config, full(key));
    },
    signedUrlOf(key, { expiresSeconds, filename }) {
      const disposition = filename
        ? `attachment; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`
        : undefined;
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: full(key), ResponseContentDisposition: disposition }),
        { expiresIn: expiresSeconds },
      );
    },
    async directUpload(key, rules) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: full(key),
        Expires: rules.expiresSeconds,
        Fields: { 'Content-Type': rules.contentType },
        // The bucket enforces the policy's limits itself: an empty or oversized body, another type or another key is
        // refused before anything is stored.
        Conditions: [
          ['content-length-range', 1, rules.maxBytes],
          ['eq', '$Content-Type', rules.contentType],
        ],
      });
      return { url, fields };
    },
    localPath: () => null,
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '../../src/platform/storage/file-storage.ts';
import { bucketOrigins, readS3Config } from '../../src/platform/storage/s3-config.ts';
import { createS3Client, createS3FileStorage } from '../../src/platform/storage/s3-file-storage.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';

// The storage interface behaves the same on a local folder and on an S3-compatible bucket (a stand-in that checks
// signatures and POST policies as the vendor does), so the features above it have one code path.

let standIn: S3StandIn;
let clockSkewMs = 0;
let folder: string;
const kinds: { name: string; storage: () => FileStorage }[] = [];
let local: FileStorage;
let bucket: FileStorage;

beforeAll(async () => {
  standIn = await startS3StandIn({ now: () => Date.now() + clockSkewMs });
  folder = await mkdtemp(path.join(tmpdir(), 'yanbo-storage-'));
  local = createLocalFileStorage(folder);
  const config = s3ConfigOf(standIn);
  bucket = createS3FileStorage(createS3Client(config), config, 'files/');
});

afterAll(async () => {
  await standIn?.close();
  await rm(folder, { recursive: true, force: true });
});

function s3ConfigOf(server: S3StandIn, secret = server.secretAccessKey) {
  const config = readS3Config({
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_REGION: server.region,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: secret,
    S3_FORCE_PATH_STYLE: 'true',
  });
  if (!config) throw new Error('S3 settings not read');
  return config;
}

kinds.push({ name: 'local folder', storage: () => local }, { name: 'S3 bucket', storage: () => bucket });

describe.each(kinds)('file storage on a $name', ({ storage }) => {
  it('puts, reads (whole and a range), describes, lists and removes a file', async () => {
    const files = storage();
    const size = await files.put('agent/7/files/a.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'text/plain',
    });
    expect(size).toBe(11);
    const whole = await files.get('agent/7/files/a.txt');
    expect(whole?.size).toBe(11);
    expect(await text(whole?.stream as Readable)).toBe('hello world');
    const part = await files.get('agent/7/files/a.txt', { start: 6, end: 100 });
    expect(part?.size).toBe(5);
    expect(await text(part?.stream as Readable)).toBe('world');
    expect((await files.stat('agent/7/files/a.txt'))?.size).toBe(11);

    await files.put('agent/7/files/b.txt', Readable.from([Buffer.from('b')]));
    await files.put('agent/8/files/c.txt', Readable.from([Buffer.from('cc')]));
    expect(await files.list('agent/7/')).toEqual([
      { key: 'agent/7/files/a.txt', size: 11 },
      { key: 'agent/7/files/b.txt', size: 1 },
    ]);
    expect((await files.list('agent/')).map((file) => file.key)).toContain('agent/8/files/c.txt');

    await files.remove('agent/7/files/a.txt');
    expect(await files.get('agent/7/files/a.txt')).toBeNull();
    expect(await files.stat('agent/7/files/a.txt')).toBeNull();
    // Removing what is gone is not an error.
    await files.remove('agent/7/files/a.txt');
    expect(await files.list('agent/7/')).toEqual([{ key: 'agent/7/files/b.txt', size: 1 }]);
  });

  it('refuses a key that climbs out of its place', async () => {
    await expect(storage().put('../escape.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(/escapes/);
  });

  it('stores an empty file and a stream that fails leaves nothing behind', async () => {
    const files = storage();
    expect(await files.put('activity/1/empty.bin', Readable.from([]))).toBe(0);
    expect((await files.stat('activity/1/empty.bin'))?.size).toBe(0);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(files.put('activity/1/broken.bin', failing)).rejects.toThrow();
    expect(await files.stat('activity/1/broken.bin')).toBeNull();
  });
});

describe('file storage on the local folder', () => {
  it('serves files from this server and has neither signed reads nor direct uploads', async () => {
    expect(local.urlOf('agent/1/files/x.png')).toBe('/files/agent/1/files/x.png');
    expect(local.publicUrlOf('agent/1/files/x.png')).toBe('/files/agent/1/files/x.png');
    expect(await local.signedUrlOf('agent/1/files/x.png', { expiresSeconds: 60 })).toBeNull();
    expect(await local.directUpload('agent/1/files/x.png', rules())).toBeNull();
  });
});

function rules(overrides: Partial<{ maxBytes: number; contentType: string; expiresSeconds: number }> = {}) {
  return { maxBytes: 1024, contentType: 'image/png', expiresSeconds: 600, ...overrides };
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 1)]);

async function postForm(
  upload: { url: string; fields: Record<string, string> },
  file: Buffer,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...extra })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'picture.png');
  const response = await fetch(upload.url, { method: 'POST', body: form });
  return { status: response.status, body: await response.text() };
}

describe('file storage on an S3 bucket', () => {
  it('writes to the bucket under its prefix, in parts when the file is large', async () => {
    const large = Buffer.alloc(20 * 1024 * 1024 + 3, 7);
    expect(await bucket.put('activity/2/video.mp4', Readable.from([large]), { contentType: 'video/mp4' })).toBe(
      large.length,
    );
    const stored = standIn.objects.get('files/activity/2/video.mp4');
    expect(stored?.body.equals(large)).toBe(true);
    expect(stored?.contentType).toBe('video/mp4');
    expect(standIn.requests.some((request) => request.path.endsWith('/video.mp4') && request.method === 'POST')).toBe(
      true,
    );
    expect(await bucket.stat('activity/2/video.mp4')).toEqual({ size: large.length, contentType: 'video/mp4' });
  });

  it('addresses public files at the bucket, or at S3_PUBLIC_URL (a CDN) when set', () => {
    // Rows keep this server's address; it sends browsers to the bucket's.
    expect(bucket.urlOf('agent/1/a b.png')).toBe('/files/agent/1/a b.png');
    expect(bucket.publicUrlOf('agent/1/a b.png')).toBe(`${standIn.endpoint}/${standIn.bucket}/files/agent/1/a%20b.png`);
    const cdn = { ...s3ConfigOf(standIn), publicUrl: 'https://cdn.example.com' };
    expect(createS3FileStorage(createS3Client(cdn), cdn, 'files/').publicUrlOf('agent/1/a.png')).toBe(
      'https://cdn.example.com/files/agent/1/a.png',
    );
    const virtualHosted = {
      ...s3ConfigOf(standIn),
      forcePathStyle: false,
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
    };
    expect(createS3FileStorage(createS3Client(virtualHosted), virtualHosted, 'files/').publicUrlOf('a.png')).toBe(
      `https://${standIn.bucket}.oss-cn-hangzhou.aliyuncs.com/files/a.png`,
    );
  });

  it('stores a file with the type its caller names, or else the one its extension says', async () => {
    await bucket.put('agent/9/page-a.webp', Readable.from([Buffer.from('w')]));
    expect(standIn.objects.get('files/agent/9/page-a.webp')?.contentType).toBe('image/webp');
    await bucket.put('agent/9/blob', Readable.from([Buffer.from('b')]));
    expect(standIn.objects.get('files/agent/9/blob')?.contentType).toBe('application/octet-stream');
  });

  it('is refused by the bucket when the secret is wrong', async () => {
    const wrong = s3ConfigOf(standIn, 'not-the-secret');
    const files = createS3FileStorage(createS3Client(wrong), wrong, 'files/');
    await expect(files.put('x.txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(/signature/i);
    expect(standIn.objects.has('files/x.txt')).toBe(false);
    expect(standIn.refusals.at(-1)?.code).toBe('SignatureDoesNotMatch');
  });

  it('lists past a page of 1,000 keys', async () => {
    for (let index = 0; index < 1_005; index += 1) {
      standIn.objects.set(`files/many/${String(index).padStart(4, '0')}`, {
        body: Buffer.from('x'),
        contentType: 'text/plain',
        etag: '"x"',
        lastModified: new Date(),
      });
    }
    const listed = await bucket.list('many/');
    expect(listed).toHaveLength(1_005);
    expect(listed.at(-1)).toEqual({ key: 'many/1004', size: 1 });
  });

  it('signs a short-lived download address, refused once it has expired', async () => {
    await bucket.put('private/report.xlsx', Readable.from([Buffer.from('report')]));
    const url = await bucket.signedUrlOf('private/report.xlsx', { expiresSeconds: 60, filename: '报表 1.xlsx' });
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('report');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('报表 1.xlsx')}`,
    );
    const tampered = (url as string).replace('report.xlsx', 'other.xlsx');
    expect((await fetch(tampered)).status).toBe(403);
    clockSkewMs = 61_000;
    try {
      const late = await fetch(url as string);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      clockSkewMs = 0;
    }
  });

  it('lets a browser post a file within the policy straight to the bucket', async () => {
    const upload = await bucket.directUpload('agent/3/files/pic.png', rules());
    expect(upload?.url).toBe(`${standIn.endpoint}/${standIn.bucket}`);
    const answer = await postForm(upload as { url: string; fields: Record<string, string> }, PNG);
    expect(answer.status).toBe(204);
    const stored = standIn.objects.get('files/agent/3/files/pic.png');
    expect(stored?.body.equals(PNG)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
  });

  it('refuses a posted file beyond the policy: too large, empty, another type, another key, expired, tampered', async () => {
    const upload = (await bucket.directUpload('agent/4/files/pic.png', rules({ maxBytes: 50 }))) as {
      url: string;
      fields: Record<string, string>;
    };
    const tooLarge = await postForm(upload, PNG);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toContain('EntityTooLarge');
    const empty = await postForm(upload, Buffer.alloc(0));
    expect(empty.body).toContain('EntityTooSmall');
    const small = PNG.subarray(0, 40);
    const otherType = await postForm(upload, small, { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    expect(otherType.body).toContain('Policy Condition failed');
    const otherKey = await postForm(upload, small, { key: 'files/agent/5/files/pic.png' });
    expect(otherKey.status).toBe(403);
    expect(otherKey.body).toContain('Policy Condition failed');
    const extraField = await postForm(upload, small, { acl: 'public-read-write' });
    expect(extraField.body).toContain('Extra input fields: acl');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(upload.fields.Policy, 'base64').toString()), conditions: [] }),
    ).toString('base64');
    expect((await postForm(upload, small, { Policy: forged })).body).toContain('SignatureDoesNotMatch');
    expect(
      [...standIn.objects.keys()].some((key) => key.startsWith('files/agent/4/') || key.startsWith('files/agent/5/')),
    ).toBe(false);

    const shortLived = (await bucket.directUpload('agent/4/files/late.png', rules({ expiresSeconds: 30 }))) as {
      url: string;
      fields: Record<string, string>;
    };
    clockSkewMs = 31_000;
    try {
      const expired = await postForm(shortLived, small);
      expect(expired.status).toBe(403);
      expect(expired.body).toContain('Policy expired');
    } finally {
      clockSkewMs = 0;
    }
    expect(standIn.objects.has('files/agent/4/files/late.png')).toBe(false);
    // Within its limits the same policy is accepted.
    expect((await postForm(upload, small)).status).toBe(204);
  });
});

describe('S3 settings', () => {
  it('are off without S3_ENDPOINT and S3_BUCKET, and a half-done setting stops start-up', () => {
    expect(readS3Config({})).toBeNull();
    expect(() => readS3Config({ S3_BUCKET: 'b' })).toThrow(/together/);
    expect(() => readS3Config({ S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'b' })).toThrow(/http/);
    expect(() => readS3Config({ S3_ENDPOINT: 'http://x', S3_BUCKET: 'b' })).toThrow(/ACCESS_KEY/);
    expect(
      readS3Config({
        S3_ENDPOINT: 'https://cos.ap-shanghai.myqcloud.com/',
        S3_BUCKET: 'b-125',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_PUBLIC_URL: 'https://cdn.example.com/',
      }),
    ).toEqual({
      endpoint: 'https://cos.ap-shanghai.myqcloud.com',
      bucket: 'b-125',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com',
    });
  });

  it('name the origins browsers reach the files at: the bucket’s (path-style or virtual-hosted) and the CDN’s', () => {
    const settings = {
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      bucket: 'yanbo',
      region: 'oss-cn-hangzhou',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
      publicUrl: 'https://cdn.example.com/media',
    };
    expect(bucketOrigins(null)).toEqual([]);
    expect(bucketOrigins(settings)).toEqual(['https://yanbo.oss-cn-hangzhou.aliyuncs.com', 'https://cdn.example.com']);
    expect(bucketOrigins({ ...settings, forcePathStyle: true, endpoint: 'http://minio:9000', publicUrl: '' })).toEqual([
      'http://minio:9000',
    ]);
  });
});

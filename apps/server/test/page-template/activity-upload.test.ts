import { ACTIVITY_PICTURE_MAX_BYTES, ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';
import { multipart, PNG } from '../upload-form.ts';

describe.each(engines)('activity picture upload on %s', (engine) => {
  const w = useWorld(engine);

  const upload = (activityId: number, token: string, file: { name: string; type: string; data: Buffer }) => {
    const body = multipart(file);
    return w.t.app.inject({
      method: 'POST',
      url: `/api/activity/${activityId}/upload`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };

  it('stores a picture under the activity, answers a three-segment filepath and serves it', async () => {
    const id = await w.activity(w.aToken);
    const response = await upload(id, w.aToken, { name: 'logos/brand/logo.png', type: 'image/png', data: PNG });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json();
    expect(stored.filepath).toMatch(new RegExp(`^activity/${id}/[A-Za-z0-9_-]+\\.png$`));
    expect(stored.filepath.split('/')).toHaveLength(3);
    expect(stored.url).toBe(`/files/${stored.filepath}`);
    const served = await w.t.app.inject({ method: 'GET', url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The template keeps what was uploaded.
    const saved = await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { imgLogo: stored.url } });
    expect(saved.body.imgLogo).toBe(stored.url);
  });

  it('refuses a wrong type, a fake image, an empty file and a missing file with 400 naming the field', async () => {
    const id = await w.activity(w.aToken);
    const before = (await w.call('GET', '/agent/storageUsage', { token: w.aToken })).body.bytes;
    const svg = await upload(id, w.aToken, { name: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') });
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ field: 'file', message: 'file: File type image/svg+xml is not accepted' });
    const video = await upload(id, w.aToken, { name: 'a.mp4', type: 'video/mp4', data: Buffer.from('....ftyp') });
    expect(video.json()).toMatchObject({ statusCode: 400, field: 'file' });
    const fake = await upload(id, w.aToken, { name: 'a.png', type: 'image/png', data: Buffer.from('not a png') });
    expect(fake.json()).toMatchObject({ statusCode: 400, message: 'file: File is not an image' });
    const empty = await upload(id, w.aToken, { name: 'a.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'file: File is empty' });
    const json = await w.call('POST', `/activity/${id}/upload`, { token: w.aToken, body: {} });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ field: 'file' });
    const usage = await w.call('GET', '/agent/storageUsage', { token: w.aToken });
    expect(usage.body.bytes).toBe(before);
  });

  it('refuses a picture over the size limit with 413, a code the console translates, and keeps nothing', async () => {
    const id = await w.activity(w.aToken);
    const before = (await w.call('GET', '/agent/storageUsage', { token: w.aToken })).body.bytes;
    const big = Buffer.concat([PNG, Buffer.alloc(ACTIVITY_PICTURE_MAX_BYTES)]);
    const response = await upload(id, w.aToken, { name: 'big.png', type: 'image/png', data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: ERROR_MESSAGES.pictureTooLarge,
      code: ERROR_CODES.fileTooLarge,
      field: 'file',
    });
    // The message names the limit the contract sets.
    expect(ERROR_MESSAGES.pictureTooLarge).toContain(`${ACTIVITY_PICTURE_MAX_BYTES / 1024 / 1024} MB`);
    const catalogue = (await w.call('GET', '/error-codes')).body;
    expect(catalogue[ERROR_CODES.fileTooLarge]['zh-CN']).toBe('文件大小超过限制');
    const after = (await w.call('GET', '/agent/storageUsage', { token: w.aToken })).body.bytes;
    expect(after).toBe(before);
  });

  it("answers 404 for another agent's activity and a sub-account's other activities, and 401 without a session", async () => {
    const id = await w.activity(w.aToken);
    const other = await upload(id, w.bToken, { name: 'a.png', type: 'image/png', data: PNG });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Activity Not Found' });
    const sub = await upload(id, w.subToken, { name: 'a.png', type: 'image/png', data: PNG });
    expect(sub.statusCode).toBe(404);
    const own = await upload(w.subActivityId, w.subToken, { name: 'a.png', type: 'image/png', data: PNG });
    expect(own.statusCode).toBe(200);
    expectError(await w.call('POST', `/activity/${id}/upload`), 401, 'Unauthorized', { code: 'UNAUTHORIZED' });
  });
});

import assert from 'node:assert/strict';
import { type S3StandIn, startS3StandIn } from '../../apps/server/test/support/s3-stand-in.ts';
import { ADMIN, createJourney, type Journey, journey } from '../harness.ts';
import { freePort, type RunningServer, startServer } from '../start-server.ts';

// Files on S3-compatible storage: a server of the journey's own keeps its files in a bucket (a local stand-in that
// checks signatures and POST policies as the vendor does). The console's upload goes from the browser straight to the
// bucket under a presigned policy, the server checks and records it, and the page shows the picture from the bucket.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

export function storageJourneys(j: Journey) {
  journey(
    'files in an S3 bucket: an avatar uploaded from the console goes straight to the bucket and shows',
    async () => {
      let standIn: S3StandIn | null = null;
      let server: RunningServer | null = null;
      try {
        standIn = await startS3StandIn({ publicPrefixes: ['files/'] });
        server = await startServer({
          ADMIN_MOBILE: ADMIN.mobile,
          ADMIN_PASSWORD: ADMIN.password,
          RTMP_PORT: String(await freePort()),
          RTMP_HOST: '127.0.0.1',
          S3_ENDPOINT: standIn.endpoint,
          S3_BUCKET: standIn.bucket,
          S3_REGION: standIn.region,
          S3_ACCESS_KEY_ID: standIn.accessKeyId,
          S3_SECRET_ACCESS_KEY: standIn.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        });
        const s = createJourney(server, j.browser);
        const token = await s.apiLogin(ADMIN.mobile, ADMIN.password);
        const page = await s.open(`/user#access_token=${token}`);
        await page.getByText(ADMIN.mobile).first().waitFor();
        const bucketPost = page.waitForResponse(
          (response) =>
            response.url() === `${standIn?.endpoint}/${standIn?.bucket}` && response.request().method() === 'POST',
        );
        await page
          .locator('input[type=file]')
          .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
        assert.equal((await bucketPost).status(), 204);
        await page.getByText('账号信息保存成功').waitFor();

        // The file is in the bucket, not on the server's disk, and the server never received its bytes.
        const stored = [...standIn.objects.entries()].filter(([key]) => key.startsWith('files/agent/'));
        assert.equal(stored.length, 1);
        assert.ok(stored[0][1].body.equals(PNG));
        assert.equal(stored[0][1].contentType, 'image/png');
        assert.equal(standIn.refusals.length, 0, JSON.stringify(standIn.refusals));

        // The avatar's address is the server's /files/ path, which sends the browser to the bucket: the picture loads.
        const avatar = page.locator('.ant-avatar img').first();
        await avatar.waitFor();
        assert.match(String(await avatar.getAttribute('src')), /^\/files\/agent\/\d+\/avatar\/.+\.png$/);
        await page.waitForFunction(
          () => (document.querySelector('.ant-avatar img') as HTMLImageElement | null)?.naturalWidth === 1,
        );
        assert.ok(
          standIn.requests.some(
            (request) => request.method === 'GET' && request.path === `/${standIn?.bucket}/${stored[0][0]}`,
          ),
        );
        await s.screenshot(page, 'storage-avatar-from-bucket');
      } finally {
        await server?.stop();
        await standIn?.close();
      }
    },
  );
}

import { after, before, describe } from 'node:test';
import { ADMIN, createJourney, type Journey, launchBrowser } from './harness.ts';
import { accountJourneys } from './journeys/account.ts';
import { activityJourneys } from './journeys/activities.ts';
import { freePort, startServer } from './start-server.ts';

// One server and one browser for every journey; each journey opens its own browser context.

const journey = {} as Journey;

describe('browser journeys', () => {
  before(async () => {
    const rtmpPort = await freePort();
    const server = await startServer({
      ADMIN_MOBILE: ADMIN.mobile,
      ADMIN_PASSWORD: ADMIN.password,
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
    });
    const browser = await launchBrowser();
    Object.assign(journey, createJourney(server, browser));
  });
  after(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });

  accountJourneys(journey);
  activityJourneys(journey);
});

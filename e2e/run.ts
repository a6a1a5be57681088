import { after, afterEach, before, describe } from 'node:test';
import { startDnsStandIn } from '../apps/server/test/branding/dns-stand-in.ts';
import { ADMIN, createJourney, type Journey, launchBrowser } from './harness.ts';
import { accountJourneys } from './journeys/account.ts';
import { activityCopyJourneys, activityJourneys } from './journeys/activities.ts';
import { activitySettingsJourneys } from './journeys/activity-settings.ts';
import { agentAccessJourneys, agentEditJourneys, agentJourneys } from './journeys/agents.ts';
import { BRANDING_SERVER_IPS, brandingDns, brandingJourneys } from './journeys/branding.ts';
import { commentJourneys } from './journeys/comments.ts';
import { giftSendJourneys } from './journeys/gift-sends.ts';
import { giftJourneys } from './journeys/gifts.ts';
import { interactionJourneys } from './journeys/interactions.ts';
import { invitationJourneys } from './journeys/invitations.ts';
import { liveOpsJourneys } from './journeys/live-ops.ts';
import { liveStreamJourneys } from './journeys/live-stream.ts';
import { liveTranscodeJourneys } from './journeys/live-transcode.ts';
import { meetingJourneys } from './journeys/meeting.ts';
import { pageTemplateJourneys } from './journeys/page-template.ts';
import { priceJourneys } from './journeys/price.ts';
import { rewardJourneys } from './journeys/rewards.ts';
import { robotJourneys } from './journeys/robots.ts';
import { sensitiveWordJourneys } from './journeys/sensitive-words.ts';
import { statsJourneys } from './journeys/stats.ts';
import { subaccountJourneys } from './journeys/subaccounts.ts';
import { watchJourneys } from './journeys/watch.ts';
import { wechatPayJourneys } from './journeys/wechat-pay.ts';
import { freePort, startServer } from './start-server.ts';

// One server and one browser for every journey; each journey opens its own browser context.

const journey = {} as Journey;

describe('browser journeys', () => {
  before(async () => {
    const rtmpPort = await freePort();
    // Custom hosts are proved with a DNS TXT record: a DNS server of the journeys' own answers it.
    brandingDns.standIn = await startDnsStandIn();
    const server = await startServer({
      ADMIN_MOBILE: ADMIN.mobile,
      ADMIN_PASSWORD: ADMIN.password,
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      SERVER_IPS: BRANDING_SERVER_IPS,
      DNS_RESOLVER: brandingDns.standIn.address,
    });
    const browser = await launchBrowser();
    Object.assign(journey, createJourney(server, browser));
  });
  // A journey that fails leaves a picture of every page it still had open (e2e/screenshots/failed-*.png), and
  // whatever it left open is closed so the next journey starts clean.
  afterEach(async (t) => {
    const pages = journey.browser?.contexts().flatMap((context) => context.pages()) ?? [];
    if (!t.passed) {
      for (const [index, page] of pages.entries()) {
        await journey
          .screenshot(page, `failed-${t.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 40)}-${index}`)
          .catch(() => {});
      }
    }
    await Promise.all(journey.browser?.contexts().map((context) => context.close()) ?? []);
  });
  after(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    await brandingDns.standIn?.close();
  });

  accountJourneys(journey);
  // The agents journeys start from the admin's empty list of lower-level agents, so they come before the journeys
  // that make agents of their own (j.newAgent).
  agentJourneys(journey);
  agentEditJourneys(journey);
  agentAccessJourneys(journey);
  activityJourneys(journey);
  activityCopyJourneys(journey);
  brandingJourneys(journey);
  subaccountJourneys(journey);
  sensitiveWordJourneys(journey);
  giftJourneys(journey);
  robotJourneys(journey);
  liveStreamJourneys(journey);
  pageTemplateJourneys(journey);
  priceJourneys(journey);
  wechatPayJourneys(journey);
  activitySettingsJourneys(journey);
  meetingJourneys(journey);
  watchJourneys(journey);
  liveOpsJourneys(journey);
  commentJourneys(journey);
  interactionJourneys(journey);
  rewardJourneys(journey);
  giftSendJourneys(journey);
  liveTranscodeJourneys(journey);
  statsJourneys(journey);
  invitationJourneys(journey);
});

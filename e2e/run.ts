import { after, before, describe } from 'node:test';
import { startDnsStandIn } from '../apps/server/test/branding/dns-stand-in.ts';
import { ADMIN, createJourney, type Journey, launchBrowser } from './harness.ts';
import { accountJourneys } from './journeys/account.ts';
import { activityCopyJourneys, activityJourneys } from './journeys/activities.ts';
import { activitySettingsJourneys } from './journeys/activity-settings.ts';
import { agentAccessJourneys, agentEditJourneys, agentJourneys } from './journeys/agents.ts';
import { aggregationJourneys } from './journeys/aggregation.ts';
import { applicationJourneys } from './journeys/applications.ts';
import { audienceJourneys } from './journeys/audience.ts';
import { BRANDING_SERVER_IPS, brandingDns, brandingJourneys } from './journeys/branding.ts';
import { catalogJourneys } from './journeys/catalogs.ts';
import { commentJourneys } from './journeys/comments.ts';
import { downloadCenterJourneys } from './journeys/download-center.ts';
import { exportJourneys } from './journeys/exports.ts';
import { extensionJourneys } from './journeys/extensions.ts';
import { financeJourneys } from './journeys/finance.ts';
import { financeViewJourneys } from './journeys/finance-views.ts';
import { giftSendJourneys } from './journeys/gift-sends.ts';
import { giftJourneys } from './journeys/gifts.ts';
import { interactionJourneys } from './journeys/interactions.ts';
import { invitationJourneys } from './journeys/invitations.ts';
import { liveOpsJourneys } from './journeys/live-ops.ts';
import { liveStreamJourneys } from './journeys/live-stream.ts';
import { liveTranscodeJourneys } from './journeys/live-transcode.ts';
import { meetingJourneys } from './journeys/meeting.ts';
import { pageTemplateJourneys } from './journeys/page-template.ts';
import { pageColumnJourneys, pageJourneys } from './journeys/pages.ts';
import { photoJourneys } from './journeys/photos.ts';
import { portalPageJourneys } from './journeys/portal-page.ts';
import { priceJourneys } from './journeys/price.ts';
import { productJourneys } from './journeys/products.ts';
import { registrationJourneys } from './journeys/registration.ts';
import { rewardJourneys } from './journeys/rewards.ts';
import { robotJourneys } from './journeys/robots.ts';
import { sensitiveWordJourneys } from './journeys/sensitive-words.ts';
import { statsJourneys } from './journeys/stats.ts';
import { statsAudienceJourneys } from './journeys/stats-audience.ts';
import { storageJourneys } from './journeys/storage.ts';
import { subaccountJourneys } from './journeys/subaccounts.ts';
import { watchJourneys } from './journeys/watch.ts';
import { wechatPayJourneys } from './journeys/wechat-pay.ts';
import { freePort, startServer } from './start-server.ts';

// One server and one browser for every journey; each journey opens browser contexts of its own (harness.ts
// `journey`). Journeys mostly wait (for the server, a push, a poll), so two run side by side (E2E_CONCURRENCY). Three
// took 395 s against 446 s, but the busier machine made a clean clone's run miss a race two never showed.

const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2);

const j = {} as Journey;

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
      // The browsers connect from loopback: trusted as a proxy, a journey's X-Forwarded-For is its viewer's address
      // (the statistics' region of a visit from a known Chinese IP). Without the header the address stays loopback.
      TRUST_PROXY: '127.0.0.1',
    });
    const browser = await launchBrowser();
    Object.assign(j, createJourney(server, browser));
  });
  after(async () => {
    await j.browser?.close();
    await j.server?.stop();
    await brandingDns.standIn?.close();
  });

  // The agents journeys start from the admin's empty list of lower-level agents and read its agency view's pager:
  // they run first, alone, before any journey makes agents of its own (j.newAgent, under the admin).
  describe('first, alone', { concurrency: 1 }, () => {
    agentJourneys(j);
    agentEditJourneys(j);
    agentAccessJourneys(j);
  });

  // Then two at a time: the admin's other journeys one after another in one lane (each sees its state as the one
  // before left it), the journeys that each work as an agent of their own beside them.
  describe('side by side', { concurrency: CONCURRENCY }, () => {
    // A suite's tests inherit its parent's concurrency: this lane says it runs one at a time.
    describe('as the admin', { concurrency: 1 }, () => {
      accountJourneys(j);
      activityJourneys(j);
      activityCopyJourneys(j);
      brandingJourneys(j);
      subaccountJourneys(j);
    });
    sensitiveWordJourneys(j);
    giftJourneys(j);
    downloadCenterJourneys(j);
    exportJourneys(j);
    robotJourneys(j);
    liveStreamJourneys(j);
    pageTemplateJourneys(j);
    priceJourneys(j);
    wechatPayJourneys(j);
    activitySettingsJourneys(j);
    meetingJourneys(j);
    watchJourneys(j);
    liveOpsJourneys(j);
    commentJourneys(j);
    interactionJourneys(j);
    extensionJourneys(j);
    rewardJourneys(j);
    giftSendJourneys(j);
    liveTranscodeJourneys(j);
    statsJourneys(j);
    statsAudienceJourneys(j);
    invitationJourneys(j);
    photoJourneys(j);
    audienceJourneys(j);
    catalogJourneys(j);
    aggregationJourneys(j);
    portalPageJourneys(j);
    productJourneys(j);
    registrationJourneys(j);
    storageJourneys(j);
    financeJourneys(j);
    financeViewJourneys(j);
    pageJourneys(j);
    pageColumnJourneys(j);
    applicationJourneys(j);
  });
});

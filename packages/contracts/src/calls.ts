import { accountCalls } from './account.ts';
import { activityCalls } from './activities.ts';
import { activitySettingsCalls } from './activity-settings.ts';
import { agentCalls } from './agents.ts';
import { aggregationCalls } from './aggregation.ts';
import { audienceCalls } from './audience.ts';
import { brandingCalls } from './branding.ts';
import type { Call } from './call.ts';
import { catalogCalls } from './catalogs.ts';
import { commentCalls } from './comments.ts';
import { ditchCalls } from './ditches.ts';
import { documentCalls } from './documents.ts';
import { downloadCenterCalls } from './download-center.ts';
import { expenseCalls } from './expense.ts';
import { exportCalls } from './exports.ts';
import { extensionCalls } from './extensions.ts';
import { financeMoneyCalls } from './finance.ts';
import { financeViewCalls } from './finance-views.ts';
import { giftCalls, giftSendCalls } from './gifts.ts';
import { interactionCalls } from './interactions.ts';
import { invitationCalls } from './invitations.ts';
import { liveOpsCalls } from './live-ops.ts';
import { liveStreamCalls } from './live-stream.ts';
import { mediaCalls } from './media.ts';
import { meetingCalls } from './meeting.ts';
import { metaCalls } from './meta.ts';
import { orderCalls } from './orders.ts';
import { pageTemplateCalls } from './page-template.ts';
import { pageCalls } from './pages.ts';
import { photoCalls } from './photos.ts';
import { priceCalls } from './price.ts';
import { productCalls, watchShopCalls } from './products.ts';
import { registrationCalls } from './registration.ts';
import { rewardCalls } from './rewards.ts';
import { robotCalls } from './robots.ts';
import { sensitiveWordCalls } from './sensitive-words.ts';
import { statsCalls } from './stats.ts';
import { statsAudienceCalls } from './stats-audience.ts';
import { subaccountCalls } from './subaccounts.ts';
import { textLiveCalls } from './text-live.ts';
import { uploadCalls } from './uploads.ts';
import { watchCalls } from './watch.ts';

/** Every area's calls: the server registers each, the sweeps and the contract tests walk them. */
export const callGroups = [
  brandingCalls,
  ditchCalls,
  sensitiveWordCalls,
  giftCalls,
  giftSendCalls,
  commentCalls,
  interactionCalls,
  robotCalls,
  liveOpsCalls,
  accountCalls,
  metaCalls,
  uploadCalls,
  activitySettingsCalls,
  pageTemplateCalls,
  meetingCalls,
  liveStreamCalls,
  mediaCalls,
  activityCalls,
  statsCalls,
  exportCalls,
  downloadCenterCalls,
  statsAudienceCalls,
  invitationCalls,
  audienceCalls,
  textLiveCalls,
  catalogCalls,
  aggregationCalls,
  registrationCalls,
  documentCalls,
  extensionCalls,
  watchCalls,
  agentCalls,
  subaccountCalls,
  priceCalls,
  orderCalls,
  expenseCalls,
  rewardCalls,
  financeViewCalls,
  financeMoneyCalls,
  pageCalls,
  photoCalls,
  productCalls,
  watchShopCalls,
] as const;

export const allCalls: Call[] = callGroups.flatMap((group) => Object.values(group));

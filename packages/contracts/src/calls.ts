import { agentCalls } from './agents.ts';
import { brandingCalls } from './branding.ts';
import type { Call } from './call.ts';
import { commentCalls } from './comments.ts';
import { ditchCalls } from './ditches.ts';
import { giftCalls } from './gifts.ts';
import { priceCalls } from './price.ts';
import { robotCalls } from './robots.ts';
import { sensitiveWordCalls } from './sensitive-words.ts';
import { subaccountCalls } from './subaccounts.ts';

/** Every area's calls: the server registers each, the sweeps and the contract tests walk them. */
export const callGroups = [
  brandingCalls,
  ditchCalls,
  sensitiveWordCalls,
  giftCalls,
  commentCalls,
  robotCalls,
  agentCalls,
  subaccountCalls,
  priceCalls,
] as const;

export const allCalls: Call[] = callGroups.flatMap((group) => Object.values(group));

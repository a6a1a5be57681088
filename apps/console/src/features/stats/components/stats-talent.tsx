import type { StatsRange } from '@yanbo/contracts';
import { InvitationStats } from '../../invitations';

/** 达人榜: the viewers who brought the most viewers (guestCount descending), and whom each brought. */
export function StatsTalent({ activityId }: { activityId: number; range: StatsRange }) {
  return <InvitationStats activityId={activityId} />;
}

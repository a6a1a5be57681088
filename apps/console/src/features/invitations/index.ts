// The invitations feature's door: the statistics' talent list (top share, invitees) and the ditches' ranking.
export { InvitationStats, TopPromotionRank, topPromotionQuery } from './invitation-stats';

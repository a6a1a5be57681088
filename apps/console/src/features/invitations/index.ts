// The invitations feature's door: the statistics' invitation area.
export { InvitationStats } from './invitation-stats';

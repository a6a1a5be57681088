// The invitations feature's door: invitation cards and the top-share ranking.
export { registerInvitationRoutes } from './invitation-routes.ts';

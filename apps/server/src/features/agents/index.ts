// The agents feature's door.
export { registerAgentRoutes } from './agent-routes.ts';

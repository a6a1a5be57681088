// The interactions feature's door: votes, check-ins and questions.
export { registerInteractionRoutes } from './interaction-routes.ts';

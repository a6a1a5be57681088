// The interactions feature's door: votes, check-ins and questions, and their counts for the statistics.
export { interactionCounts } from './interaction-counts.ts';
export { registerInteractionRoutes } from './interaction-routes.ts';

// The sensitive-words feature's door: its routes, and the matcher the chat applies to comments and nicknames.
export { compileMatcher, type MatcherList, type SensitiveWordMatcher } from './sensitive-word-matcher.ts';
export { registerSensitiveWordRoutes } from './sensitive-word-routes.ts';
export { agentMatcher, checkSensitiveWords } from './sensitive-word-service.ts';

// The pages feature's door: its calls, and what the public page needs.
//
// For the public page route (its own path, pagePublicPath, and the root of an agent's custom host):
// - readPublishedPage(db, pageId): the published page (never the draft) with every list, card and catalog resolved
//   for its owner (the contract's PublicPage), or null when there is no such page or it is not published: answer 404.
// - readAgentHomepage(db, agentId): the same for the agent's home page, or null when it has none or it is unpublished.
// Both are bounded whatever the page holds (100 components, 99 activities a list, MAX_SOURCE_QUERIES reads); the route
// that serves them to strangers rate-limits them per address like the other public routes.
export { registerPageRoutes } from './page-routes.ts';
export { MAX_SOURCE_QUERIES, readAgentHomepage, readPublishedPage } from './public-page.ts';

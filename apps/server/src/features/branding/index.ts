// The branding feature's door: what other features use of an agent's templates and promotion.

export { registerBrandingRoutes } from './branding-routes.ts';
export {
  agentOfCustomHost,
  getImageTemplate,
  imageTemplateOf,
  officialAccountOf,
  recordPromotion,
  templateActivityFor,
  verifiedCustomHostOf,
} from './branding-service.ts';

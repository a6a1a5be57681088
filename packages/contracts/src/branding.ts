import { z } from 'zod';

/** The agent's image template: the console's page icon, logo and title (GET /agent/activity/template). */
export const imageTemplate = z.object({
  favicon: z.string(),
  logo: z.string(),
  title: z.string(),
  /** Profile fields the agent's audience is asked for (userProfilePermission, from the global template). */
  userProfilePermission: z.array(z.string()),
});
export type ImageTemplate = z.infer<typeof imageTemplate>;

/** Custom info (GET /v3/agent/customized-info): what the agent has customised, for the console to adapt to. */
export const customizedInfo = z.object({
  host: z.string(),
  brandName: z.string(),
  isWechatLoginCustomized: z.boolean(),
  isWechatTemplateCustomized: z.boolean(),
});
export type CustomizedInfo = z.infer<typeof customizedInfo>;

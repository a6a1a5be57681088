import { z } from 'zod';
import { agentExtra, agentStatus } from './account.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, isoDateTimeInput, listOf, mobile, pageQuery, password } from './common.ts';
import { AGENT_PAGE_SIZE, DEFAULT_AGENT_AREA, DEFAULT_AGENT_MARGIN } from './constants.ts';

// Agent administration (seed 000 §3, §7): the lower-level agents of the caller's tree, their cooperation information,
// resource credit and usage, and the agency view.

/** The industry an agent works in (GET /agent/field). */
export const agentField = z.object({ id: z.number().int(), name: z.string() });
export type AgentField = z.infer<typeof agentField>;
export const agentFieldList = z.object({ items: z.array(agentField) });
export type AgentFieldList = z.infer<typeof agentFieldList>;

/** Search types of the agent list; `id` is the lower-level agent's number (seed 000 §3). */
export const AGENT_SEARCH_TYPES = ['contact', 'company', 'id', 'email', 'mobile'] as const;
export const agentSearchType = z.enum(AGENT_SEARCH_TYPES);
export type AgentSearchType = z.infer<typeof agentSearchType>;
export const DEFAULT_AGENT_SEARCH_TYPE: AgentSearchType = 'contact';

/** The console drops empty parameters, but a hand-written URL may still carry `status=`: it means "all". */
const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** GET /agent/agent and GET /v2/agency/agent: page 1, pageSize 10, search type and content, status, coop level. */
export const agentListQuery = pageQuery(AGENT_PAGE_SIZE).extend({
  searchType: z.preprocess(emptyAsUndefined, agentSearchType.default(DEFAULT_AGENT_SEARCH_TYPE)),
  content: z.preprocess(emptyAsUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyAsUndefined, agentStatus.optional()),
  coopLevel: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100).optional()),
});
export type AgentListQuery = z.infer<typeof agentListQuery>;

/** Resource credit granted to an agent by an agent above it: flux and storage in GB, SMS as a count. */
export const agentCredit = z.object({
  fluxGb: z.number().min(0).max(10_000_000),
  storageGb: z.number().min(0).max(10_000_000),
  smsCount: z.number().int().min(0).max(100_000_000),
});
export type AgentCredit = z.infer<typeof agentCredit>;

/** The sub-account of the upper agent who looks after this agent (its account manager). */
export const agentManager = z.object({ id: z.number().int(), username: z.string(), remark: z.string() });
export type AgentManager = z.infer<typeof agentManager>;

/** A lower-level agent as the agent administration shows it (list, info, and the answer of every change). */
export const managedAgent = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  /** 1 for an agent directly below the caller, 2 for one below that, and so on. */
  depth: z.number().int(),
  mobile: z.string(),
  contact: z.string(),
  company: z.string(),
  email: z.string(),
  status: agentStatus,
  coopLevel: z.number().int(),
  extra: agentExtra,
  fieldId: z.number().int().nullable(),
  contractStartedAt: isoDateTime.nullable(),
  contractEndedAt: isoDateTime.nullable(),
  managerId: z.number().int().nullable(),
  manager: agentManager.nullable(),
  subagentQuota: z.number().int(),
  credit: agentCredit,
  createdAt: isoDateTime,
});
export type ManagedAgent = z.infer<typeof managedAgent>;
export const managedAgentList = listOf(managedAgent);
export type ManagedAgentList = z.infer<typeof managedAgentList>;

const contact = z.string().trim().max(50);
const company = z.string().trim().max(100);
const email = z.union([z.email('Invalid email'), z.literal('')]);
const coopLevel = z.number().int().min(0, 'coopLevel must be 0 or more').max(100);
const optionalId = id.nullable();

/** Cooperation information (PUT /agent/agent/{id}/coop/); also part of the agent body. */
export const agentCoopBody = z.object({
  coopLevel,
  contractStartedAt: isoDateTimeInput.nullable().default(null),
  contractEndedAt: isoDateTimeInput.nullable().default(null),
  managerId: optionalId.default(null),
});
export type AgentCoopBody = z.infer<typeof agentCoopBody>;

/** POST /agent/agent/: a new lower-level agent below the caller. */
export const agentCreateBody = z.object({
  mobile,
  password,
  contact: contact.default(''),
  company: company.default(''),
  email: email.default(''),
  fieldId: optionalId.default(null),
  coopLevel: coopLevel.default(0),
  contractStartedAt: isoDateTimeInput.nullable().default(null),
  contractEndedAt: isoDateTimeInput.nullable().default(null),
  managerId: optionalId.default(null),
  extra: agentExtra.default({ area: DEFAULT_AGENT_AREA, address: '', margin: DEFAULT_AGENT_MARGIN }),
});
export type AgentCreateBody = z.infer<typeof agentCreateBody>;

/** PUT /agent/agent/{id}: what is given changes; the password only when given; extra merges into the stored one. */
export const agentUpdateBody = z.object({
  mobile: mobile.optional(),
  password: password.optional(),
  contact: contact.optional(),
  company: company.optional(),
  email: email.optional(),
  fieldId: optionalId.optional(),
  coopLevel: coopLevel.optional(),
  contractStartedAt: isoDateTimeInput.nullable().optional(),
  contractEndedAt: isoDateTimeInput.nullable().optional(),
  managerId: optionalId.optional(),
  extra: z
    .object({
      area: agentExtra.shape.area.unwrap().optional(),
      address: agentExtra.shape.address.unwrap().optional(),
      margin: agentExtra.shape.margin.unwrap().optional(),
    })
    .optional(),
});
export type AgentUpdateBody = z.infer<typeof agentUpdateBody>;

/** PUT /agent/agent/{id}/status. */
export const agentStatusBody = z.object({ status: agentStatus });
export type AgentStatusBody = z.infer<typeof agentStatusBody>;

/** PUT /agent/agentcredit/: sets a lower-level agent's resource credit. */
export const agentCreditBody = z.object({ agentId: id, credit: agentCredit });
export type AgentCreditBody = z.infer<typeof agentCreditBody>;
export const agentCreditResult = z.object({ agentId: z.number().int(), credit: agentCredit });
export type AgentCreditResult = z.infer<typeof agentCreditResult>;

/** GET /agent/agentusage: the caller's own usage, or a lower-level agent's with agentId. */
export const agentUsageQuery = z.object({ agentId: z.preprocess(emptyAsUndefined, id.optional()) });
export type AgentUsageQuery = z.infer<typeof agentUsageQuery>;
export const agentUsage = z.object({
  agentId: z.number().int(),
  /** Activities not deleted. */
  activityCount: z.number().int(),
  /** Sub-accounts not deleted, and how many the agent may have. */
  subagentCount: z.number().int(),
  subagentQuota: z.number().int(),
  /** Bytes of the agent's uploaded files and of its activities' files. */
  storageBytes: z.number().int(),
  /** SMS codes sent to the agent's mobile. */
  smsCount: z.number().int(),
  credit: agentCredit,
});
export type AgentUsage = z.infer<typeof agentUsage>;

/** GET /v2/agency/agent: the agents below the caller with what they run. */
export const agencyAgent = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  depth: z.number().int(),
  mobile: z.string(),
  contact: z.string(),
  company: z.string(),
  status: agentStatus,
  coopLevel: z.number().int(),
  activityCount: z.number().int(),
  subagentCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AgencyAgent = z.infer<typeof agencyAgent>;
export const agencyAgentList = listOf(agencyAgent);
export type AgencyAgentList = z.infer<typeof agencyAgentList>;

/** Levels of the area library: a province (or municipality, autonomous region, SAR), its cities, their districts. */
export const AREA_REGION_TYPES = ['province', 'city', 'district'] as const;
export const areaRegionType = z.enum(AREA_REGION_TYPES);
export type AreaRegionType = z.infer<typeof areaRegionType>;

/** A region of the area library: its six-digit administrative code, name and level, with the regions under it. */
export interface AreaRegion {
  id: number;
  name: string;
  type: AreaRegionType;
  children?: AreaRegion[];
}
export const areaRegion: z.ZodType<AreaRegion> = z.object({
  id: z.number().int(),
  name: z.string(),
  type: areaRegionType,
  get children() {
    return z.array(areaRegion).optional();
  },
});

/** GET /agent/area: China's administrative divisions, provinces with their cities and districts (seed 000 §3). */
export const areaLibrary = z.object({
  /** The library's edition; the ETag of the answer. */
  version: z.string(),
  items: z.array(areaRegion),
});
export type AreaLibrary = z.infer<typeof areaLibrary>;

/** GET /agent/agent/{id}/impersonations: each time an upper agent opened this agent's console. */
export const AGENT_IMPERSONATION_PAGE_SIZE = 10;
export const agentImpersonationQuery = pageQuery(AGENT_IMPERSONATION_PAGE_SIZE);
export type AgentImpersonationQuery = z.infer<typeof agentImpersonationQuery>;
export const agentImpersonation = z.object({
  id: z.number().int(),
  /** The upper agent who asked for the login token. */
  by: z.object({ id: z.number().int(), contact: z.string(), company: z.string(), mobile: z.string() }),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  /** When the token opened the console; null while unused (or once expired unused). */
  usedAt: isoDateTime.nullable(),
});
export type AgentImpersonation = z.infer<typeof agentImpersonation>;
export const agentImpersonationList = listOf(agentImpersonation);
export type AgentImpersonationList = z.infer<typeof agentImpersonationList>;

/**
 * The seeds spell some paths with a trailing slash (POST /agent/agent/, PUT /agent/agent/{id}/coop/,
 * PUT /agent/agentcredit/); the server answers each without it too, a spelling the OpenAPI document leaves out.
 */
export const agentCalls = defineCalls('agents', {
  getAreaLibrary: {
    method: 'GET',
    path: '/agent/area',
    summary: 'China’s provinces, cities and districts (cached a day, revalidated by ETag)',
    access: 'signedIn',
    response: areaLibrary,
  },
  listAgentFields: {
    method: 'GET',
    path: '/agent/field',
    summary: 'The industries an agent may work in',
    access: 'signedIn',
    response: agentFieldList,
  },
  listAgents: {
    method: 'GET',
    path: '/agent/agent',
    summary: 'The agents below the caller, searched and filtered',
    access: 'mainAccount',
    query: agentListQuery,
    response: managedAgentList,
  },
  createAgent: {
    method: 'POST',
    path: '/agent/agent/',
    summary: 'Add an agent below the caller',
    access: 'mainAccount',
    body: agentCreateBody,
    response: managedAgent,
  },
  getAgent: {
    method: 'GET',
    path: '/agent/agent/:id',
    summary: 'An agent below the caller',
    access: 'mainAccount',
    params: idParams,
    response: managedAgent,
  },
  updateAgent: {
    method: 'PUT',
    path: '/agent/agent/:id',
    summary: 'Change an agent below the caller (the password only when given)',
    access: 'mainAccount',
    params: idParams,
    body: agentUpdateBody,
    response: managedAgent,
  },
  updateAgentCoop: {
    method: 'PUT',
    path: '/agent/agent/:id/coop/',
    summary: 'Change an agent’s cooperation level, contract dates and manager',
    access: 'mainAccount',
    params: idParams,
    body: agentCoopBody,
    response: managedAgent,
  },
  setAgentStatus: {
    method: 'PUT',
    path: '/agent/agent/:id/status',
    summary: 'Enable or disable an agent below the caller',
    access: 'mainAccount',
    params: idParams,
    body: agentStatusBody,
    response: managedAgent,
  },
  setAgentCredit: {
    method: 'PUT',
    path: '/agent/agentcredit/',
    summary: 'Set the flux, storage and SMS credit of an agent below the caller',
    access: 'mainAccount',
    body: agentCreditBody,
    response: agentCreditResult,
  },
  getAgentUsage: {
    method: 'GET',
    path: '/agent/agentusage',
    summary: 'What the caller, or an agent below it, uses and may use',
    access: 'mainAccount',
    query: agentUsageQuery,
    response: agentUsage,
  },
  listAgentImpersonations: {
    method: 'GET',
    path: '/agent/agent/:id/impersonations',
    summary: 'Each time an upper agent opened this agent’s console',
    access: 'mainAccount',
    params: idParams,
    query: agentImpersonationQuery,
    response: agentImpersonationList,
  },
  listAgency: {
    method: 'GET',
    path: '/v2/agency/agent',
    summary: 'The agents below the caller with their activities and sub-accounts',
    access: 'mainAccount',
    query: agentListQuery,
    response: agencyAgentList,
  },
});

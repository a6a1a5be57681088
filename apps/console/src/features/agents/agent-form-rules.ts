import {
  type AgentUpdateBody,
  type AreaRegion,
  type agentCoopBody,
  type agentCreateBody,
  DEFAULT_AGENT_AREA,
  DEFAULT_AGENT_MARGIN,
  type ManagedAgent,
} from '@yanbo/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';

// The create and edit forms' values and how they become the API's bodies (seed 000 §3).

/** Only an agent above 合作等级 0 may create lower agents (the server answers COOP_LEVEL_TOO_LOW otherwise). */
export const canCreateAgents = (coopLevel: number | undefined) => (coopLevel ?? 0) > 0;

export interface AgentFormValues {
  contact: string;
  company: string;
  email: string;
  mobile: string;
  /** Required to create; empty on edit keeps the current one. */
  password: string;
  fieldId: number | null;
  /** The Cascader's path of codes: province, city, and a district where chosen. */
  area: number[];
  address: string;
  margin: number;
  coopLevel: number;
  contract: [Dayjs | null, Dayjs | null] | null;
  managerId: number | null;
}

export type AgentCoopBody = z.input<typeof agentCoopBody>;
export type AgentCreateBody = z.input<typeof agentCreateBody>;

/** The path of codes from the province down to a region, or [] when the library doesn't have it. */
export function areaPath(regions: readonly AreaRegion[], code: number): number[] {
  for (const region of regions) {
    if (region.id === code) return [region.id];
    const below = areaPath(region.children ?? [], code);
    if (below.length > 0) return [region.id, ...below];
  }
  return [];
}

/** A region's full name, 浙江省 / 杭州市 / 西湖区; the bare code when the library doesn't know it. */
export function areaLabel(regions: readonly AreaRegion[] | undefined, code: number, separator = ' / '): string {
  const names: string[] = [];
  let level: readonly AreaRegion[] = regions ?? [];
  for (const id of areaPath(level, code)) {
    const region = level.find((candidate) => candidate.id === id);
    if (!region) break;
    names.push(region.name);
    level = region.children ?? [];
  }
  return names.length > 0 ? names.join(separator) : String(code);
}

/** A new agent: the seed's defaults, area 330100 (杭州市) and margin 0. */
export function blankAgentValues(regions: readonly AreaRegion[] = []): AgentFormValues {
  return {
    contact: '',
    company: '',
    email: '',
    mobile: '',
    password: '',
    fieldId: null,
    area: areaPath(regions, DEFAULT_AGENT_AREA),
    address: '',
    margin: DEFAULT_AGENT_MARGIN,
    coopLevel: 0,
    contract: null,
    managerId: null,
  };
}

export function agentFormValues(agent: ManagedAgent, regions: readonly AreaRegion[] = []): AgentFormValues {
  const started = agent.contractStartedAt ? dayjs(agent.contractStartedAt) : null;
  const ended = agent.contractEndedAt ? dayjs(agent.contractEndedAt) : null;
  return {
    contact: agent.contact,
    company: agent.company,
    email: agent.email,
    mobile: agent.mobile,
    password: '',
    fieldId: agent.fieldId,
    area: areaPath(regions, agent.extra.area),
    address: agent.extra.address,
    margin: agent.extra.margin,
    coopLevel: agent.coopLevel,
    contract: started || ended ? [started, ended] : null,
    managerId: agent.managerId,
  };
}

/** The area is the last code of the chosen path; with none chosen, the default. */
function chosenArea(path: readonly number[] | undefined): number {
  return path?.at(-1) ?? DEFAULT_AGENT_AREA;
}

/** Contract dates are whole days: the start at 00:00, the end at the end of its day, in the browser's zone. */
function contractDates(contract: AgentFormValues['contract']) {
  const [start, end] = contract ?? [null, null];
  return {
    contractStartedAt: start ? start.startOf('day').toISOString() : null,
    contractEndedAt: end ? end.endOf('day').millisecond(0).toISOString() : null,
  };
}

export function toCreateBody(values: AgentFormValues): AgentCreateBody {
  return {
    mobile: values.mobile.trim(),
    password: values.password,
    contact: values.contact.trim(),
    company: values.company.trim(),
    email: values.email.trim(),
    fieldId: values.fieldId ?? null,
    coopLevel: values.coopLevel,
    ...contractDates(values.contract),
    managerId: values.managerId ?? null,
    extra: { area: chosenArea(values.area), address: values.address.trim(), margin: values.margin ?? 0 },
  };
}

/** The basic information of an edit; the password only when one was typed. */
export function toUpdateBody(values: AgentFormValues): AgentUpdateBody {
  const body: AgentUpdateBody = {
    mobile: values.mobile.trim(),
    contact: values.contact.trim(),
    company: values.company.trim(),
    email: values.email.trim(),
    fieldId: values.fieldId ?? null,
    extra: { area: chosenArea(values.area), address: values.address.trim(), margin: values.margin ?? 0 },
  };
  if (values.password) body.password = values.password;
  return body;
}

export function toCoopBody(values: Pick<AgentFormValues, 'coopLevel' | 'contract' | 'managerId'>): AgentCoopBody {
  return { coopLevel: values.coopLevel, ...contractDates(values.contract), managerId: values.managerId ?? null };
}

/** A server 400 names a field as the body does (extra.area); the form's name path for it. */
export function formFieldOf(field: string | undefined): (string | number)[] | undefined {
  if (!field) return undefined;
  const map: Record<string, string[]> = {
    'extra.area': ['area'],
    'extra.address': ['address'],
    'extra.margin': ['margin'],
    contractStartedAt: ['contract'],
    contractEndedAt: ['contract'],
  };
  if (map[field]) return map[field];
  const known = ['contact', 'company', 'email', 'mobile', 'password', 'fieldId', 'coopLevel', 'managerId'];
  return known.includes(field) ? [field] : undefined;
}

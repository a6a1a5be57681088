import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types for Kysely, camelCase (the CamelCasePlugin maps them to the snake_case columns of migrations/).

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | T, string | T>;

export interface AgentExtraColumn {
  area: number;
  address: string;
  margin: number;
}

export interface AgentsTable {
  id: Generated<number>;
  parentId: number | null;
  mobile: string;
  passwordHash: string;
  contact: Generated<string>;
  company: Generated<string>;
  email: Generated<string>;
  avatar: Generated<string>;
  status: Generated<'enabled' | 'pending' | 'disabled'>;
  coopLevel: Generated<number>;
  extra: Json<AgentExtraColumn> | undefined;
  fieldId: number | null;
  contractStartedAt: NullableTimestamp;
  contractEndedAt: NullableTimestamp;
  managerId: number | null;
  subagentQuota: Generated<number>;
  hasContract: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type AgentRow = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type AgentUpdate = Updateable<AgentsTable>;

export interface SubagentsTable {
  id: Generated<number>;
  agentId: number;
  username: string;
  passwordHash: string;
  remark: Generated<string>;
  groupId: number | null;
  /** The password encrypted with the server's secret, for its owner to read back. */
  passwordSealed: string | null;
  createdAt: CreatedAt;
  deletedAt: NullableTimestamp;
}
export type SubagentRow = Selectable<SubagentsTable>;

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  agentId: number;
  subagentId: number | null;
  impersonatedBy: number | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface LoginTicketsTable {
  id: Generated<number>;
  tokenHash: string;
  agentId: number;
  subagentId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  consumedAt: NullableTimestamp;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  codeHash: string;
  ip: Generated<string>;
  attempts: Generated<number>;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  consumedAt: NullableTimestamp;
}

export interface LoginRecordsTable {
  id: Generated<number>;
  agentId: number | null;
  subagentId: number | null;
  username: string;
  method: string;
  success: boolean;
  ip: Generated<string>;
  userAgent: Generated<string>;
  createdAt: CreatedAt;
}

export interface AgentOpenidsTable {
  agentId: number;
  openid: string;
  nickname: Generated<string>;
  avatar: Generated<string>;
  boundAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SandboxWechatCodesTable {
  code: string;
  openid: string;
  nickname: string;
  avatar: Generated<string>;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  parentId: number | null;
  name: string;
  sort: Generated<number>;
}

export interface ActivityGroupsTable {
  id: Generated<number>;
  agentId: number;
  name: string;
  createdAt: CreatedAt;
}

export interface ActivityMetaColumn {
  liveMode?: 'pull' | 'relay';
  relayUrl?: string;
  [key: string]: unknown;
}

export interface ActivitiesTable {
  id: Generated<number>;
  agentId: number;
  subagentId: number | null;
  groupId: number | null;
  catalogId: number | null;
  categoryId: number | null;
  name: string;
  type: Generated<'live' | 'video'>;
  status: Generated<string>;
  isPushing: Generated<boolean>;
  isArchived: Generated<boolean>;
  cover: Generated<string>;
  startedAt: NullableTimestamp;
  endedAt: NullableTimestamp;
  meta: Json<ActivityMetaColumn> | undefined;
  app: Generated<string>;
  stream: string | null;
  streamKeySealed: string | null;
  /** numeric comes back as a string from both engines. */
  spend: ColumnType<string, string | number | undefined, string | number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  deletedAt: NullableTimestamp;
}
export type ActivityRow = Selectable<ActivitiesTable>;
export type NewActivity = Insertable<ActivitiesTable>;

export interface AgentActivityCountsTable {
  agentId: number;
  isArchived: boolean;
  count: number;
}

export interface AgentBrandingTable {
  agentId: number;
  imageTemplate: Json<Record<string, unknown>> | undefined;
  customization: Json<Record<string, unknown>> | undefined;
  loginTemplate: Json<Record<string, unknown>> | undefined;
  templateActivityId: number | null | undefined;
  officialAccount: Json<Record<string, unknown>> | null | undefined;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AgentPromotionsTable {
  agentId: number;
  promoterId: number;
  createdAt: CreatedAt;
}

export interface StreamJobsTable {
  id: Generated<number>;
  activityId: number;
  agentId: number;
  kind: 'relay' | 'transcode';
  source: string;
  status: 'running' | 'stopped' | 'failed';
  error: Generated<string>;
  startedAt: CreatedAt;
  endedAt: NullableTimestamp;
}

export interface AgentFieldsTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface AgentCreditsTable {
  agentId: number;
  /** numeric comes back as a string from both engines. */
  fluxGb: ColumnType<string, string | number | undefined, string | number>;
  storageGb: ColumnType<string, string | number | undefined, string | number>;
  smsCount: Generated<number>;
  updatedBy: number | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SubagentGroupsTable {
  id: Generated<number>;
  agentId: number;
  name: string;
  createdAt: CreatedAt;
}

export interface ActivitySettingsTable {
  activityId: number;
  section: string;
  agentId: number;
  data: Json<unknown>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AgentSettingsTable {
  agentId: number;
  section: string;
  data: Json<unknown>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MediaTable {
  id: Generated<number>;
  agentId: number;
  subagentId: number | null;
  activityId: number | null;
  name: string;
  sourceKind: 'upload' | 'url';
  source: string;
  status: 'pending' | 'transcoding' | 'ready' | 'failed';
  error: Generated<string>;
  outputKey: Generated<string>;
  durationSeconds: number | null;
  /** bigint comes back as a string from both engines. */
  sizeBytes: ColumnType<string, string | number | undefined, string | number>;
  attempts: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type MediaRow = Selectable<MediaTable>;

export interface MeetingsTable {
  id: Generated<number>;
  activityId: number;
  agentId: number;
  state: 'ongoing' | 'ended';
  startedAt: CreatedAt;
  endedAt: NullableTimestamp;
}

export interface MeetingParticipantsTable {
  id: Generated<number>;
  meetingId: number;
  nickname: string;
  role: 'host' | 'guest';
  joinedAt: CreatedAt;
}

export interface PromotionChannelsTable {
  id: Generated<number>;
  agentId: number;
  activityId: number | null;
  name: string;
  sign: string;
  createdAt: CreatedAt;
}

export interface SensitiveWordListsTable {
  id: Generated<number>;
  agentId: number;
  name: string;
  words: ColumnType<string[], string[] | undefined, string[]>;
  action: Generated<'mask' | 'review' | 'reject'>;
  enabled: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface GiftsTable {
  id: Generated<number>;
  agentId: number;
  name: string;
  icon: string;
  price: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  deletedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CommentLibrariesTable {
  id: Generated<number>;
  agentId: number;
  name: string;
  items: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RobotsTable {
  id: Generated<number>;
  agentId: number;
  nickname: string;
  avatar: string;
  createdAt: CreatedAt;
}

export interface ActivityExtensionsTable {
  activityId: number;
  identity: string;
  agentId: number;
  enabled: Generated<boolean>;
  settings: Json<Record<string, unknown>>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

type Numeric = ColumnType<string, string | number | undefined, string | number>;

export interface PackagesTable {
  id: number;
  name: string;
  type: 'free' | 'trail' | 'annual' | 'activity';
  description: Generated<string>;
  /** fen */
  price: number;
  activityQuota: Generated<number>;
  subagentQuota: Generated<number>;
  /** numeric comes back as a string from both engines. */
  fluxGb: Numeric;
  storageGb: Numeric;
  validityDays: number;
  isUltimatePackage: Generated<boolean>;
  forActivity: Generated<boolean>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}
export type PackageRow = Selectable<PackagesTable>;

export interface PromotionCodesTable {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  packageId: number | null;
  expiresAt: NullableTimestamp;
  enabled: Generated<boolean>;
}

export interface PackageOrdersTable {
  id: Generated<number>;
  agentId: number;
  subagentId: number | null;
  packageId: number;
  activityId: number | null;
  promotionCode: Generated<string>;
  listPrice: number;
  discount: Generated<number>;
  amount: number;
  status: Generated<'init' | 'paid' | 'failed'>;
  payProvider: string;
  tradeNo: string | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  paidAt: NullableTimestamp;
  closedAt: NullableTimestamp;
}
export type PackageOrderRow = Selectable<PackageOrdersTable>;

export interface PayNotificationsTable {
  id: Generated<number>;
  provider: string;
  tradeNo: string;
  orderId: number;
  status: string;
  amount: number;
  outcome: string;
  receivedAt: CreatedAt;
}

export interface AgentPackagesTable {
  agentId: number;
  packageId: number;
  activityQuota: number;
  subagentQuota: Generated<number>;
  hasContract: Generated<boolean>;
  fluxGb: Numeric;
  storageGb: Numeric;
  startedAt: Timestamp;
  expiresAt: Timestamp;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A view: what applies to the agent now, its package counting only until expires_at (migration 016). */
export interface AgentEntitlementsView {
  agentId: ColumnType<number, never, never>;
  packageCurrent: ColumnType<boolean, never, never>;
  /** The current package's, or the free plan's (migration 024). */
  activityQuota: ColumnType<number, never, never>;
  subagentQuota: ColumnType<number, never, never>;
  storageGb: ColumnType<string, never, never>;
  fluxGb: ColumnType<string, never, never>;
  hasContract: ColumnType<boolean, never, never>;
}

export interface IdempotencyKeysTable {
  agentId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  status: Generated<'pending' | 'done'>;
  responseStatus: number | null;
  responseType: string | null;
  responseBody: string | null;
  createdAt: Generated<Date>;
}

export interface LedgerEntriesTable {
  /** bigint comes back as a string from both engines. */
  id: ColumnType<string, never, never>;
  txnId: string;
  account: 'pay_clearing' | 'package_sales' | 'audience_sales';
  agentId: number;
  activityId: number | null;
  orderId: number | null;
  amount: ColumnType<string, number | string, never>;
  memo: Generated<string>;
  createdAt: CreatedAt;
}

export interface IngestSessionsTable {
  id: Generated<number>;
  activityId: number;
  agentId: number;
  startedAt: CreatedAt;
  endedAt: NullableTimestamp;
  playbackBytes: ColumnType<string, number | string | undefined, number | string>;
  peakViewers: Generated<number>;
  /** When the server last saw this push alive (migration 023). */
  lastSeenAt: NullableTimestamp;
}

export interface VisitsTable {
  /** bigint comes back as a string from both engines. */
  id: ColumnType<string, never, never>;
  activityId: number;
  agentId: number;
  viewerId: string;
  ditchSign: string | null;
  referrer: Generated<string>;
  userAgent: Generated<string>;
  device: 'mobile' | 'tablet' | 'desktop';
  ip: Generated<string>;
  startedAt: CreatedAt;
  lastSeenAt: ColumnType<Date, Date | string | undefined, Date | string>;
  watchSeconds: Generated<number>;
}

export interface ActivityVisitStatsTable {
  activityId: number;
  visits: ColumnType<string, number | string, number | string>;
  uniqueViewers: ColumnType<string, number | string, number | string>;
}

export interface ActivityDitchVisitsTable {
  activityId: number;
  ditchId: number;
  visits: ColumnType<string, number | string, number | string>;
}

export interface DB {
  agents: AgentsTable;
  subagents: SubagentsTable;
  sessions: SessionsTable;
  loginTickets: LoginTicketsTable;
  smsCodes: SmsCodesTable;
  loginRecords: LoginRecordsTable;
  agentOpenids: AgentOpenidsTable;
  sandboxWechatCodes: SandboxWechatCodesTable;
  categories: CategoriesTable;
  activityGroups: ActivityGroupsTable;
  activities: ActivitiesTable;
  agentBranding: AgentBrandingTable;
  agentPromotions: AgentPromotionsTable;
  agentActivityCounts: AgentActivityCountsTable;
  streamJobs: StreamJobsTable;
  activitySettings: ActivitySettingsTable;
  agentSettings: AgentSettingsTable;
  media: MediaTable;
  meetings: MeetingsTable;
  meetingParticipants: MeetingParticipantsTable;
  promotionChannels: PromotionChannelsTable;
  sensitiveWordLists: SensitiveWordListsTable;
  gifts: GiftsTable;
  commentLibraries: CommentLibrariesTable;
  robots: RobotsTable;
  activityExtensions: ActivityExtensionsTable;
  agentFields: AgentFieldsTable;
  agentCredits: AgentCreditsTable;
  subagentGroups: SubagentGroupsTable;
  packages: PackagesTable;
  promotionCodes: PromotionCodesTable;
  packageOrders: PackageOrdersTable;
  payNotifications: PayNotificationsTable;
  agentPackages: AgentPackagesTable;
  agentEntitlements: AgentEntitlementsView;
  idempotencyKeys: IdempotencyKeysTable;
  ledgerEntries: LedgerEntriesTable;
  ingestSessions: IngestSessionsTable;
  visits: VisitsTable;
  activityVisitStats: ActivityVisitStatsTable;
  activityDitchVisits: ActivityDitchVisitsTable;
}

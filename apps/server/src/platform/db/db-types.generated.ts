// Generated from the migrated schema by scripts/generate-db-types.ts: do not edit.

import type { ActivityMetaColumn, AgentExtraColumn, JsonColumn, JsonRecord } from "./db-json-columns.ts";
import type { ColumnType } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<string, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface Activities {
  agentId: number;
  app: Generated<string>;
  catalogId: number | null;
  categoryId: number | null;
  cover: Generated<string>;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  endedAt: Timestamp | null;
  groupId: number | null;
  id: Generated<number>;
  isArchived: Generated<boolean>;
  isPushing: Generated<boolean>;
  meta: Generated<JsonColumn<ActivityMetaColumn>>;
  name: string;
  spend: Generated<Numeric>;
  startedAt: Timestamp | null;
  status: Generated<string>;
  stream: string | null;
  streamKeySealed: string | null;
  subagentId: number | null;
  type: Generated<"live" | "video">;
  updatedAt: Generated<Timestamp>;
}

export interface ActivityDitchVisits {
  activityId: number;
  ditchId: number;
  visits: Generated<Int8>;
}

export interface ActivityExtensions {
  activityId: number;
  agentId: number;
  enabled: Generated<boolean>;
  identity: string;
  settings: Generated<JsonColumn<JsonRecord>>;
  updatedAt: Generated<Timestamp>;
}

export interface ActivityGroups {
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
}

export interface ActivityInvitees {
  activityId: number;
  agentId: number;
  invitedAt: Generated<Timestamp>;
  inviteeId: string;
  inviterId: string;
}

export interface ActivityInviters {
  activityId: number;
  agentId: number;
  cardOpenedAt: Generated<Timestamp>;
  invitees: Generated<number>;
  lastInvitedAt: Timestamp | null;
  nickname: string;
  viewerId: string;
}

export interface ActivitySettings {
  activityId: number;
  agentId: number;
  data: JsonColumn<unknown>;
  section: string;
  updatedAt: Generated<Timestamp>;
}

export interface ActivityShopProducts {
  position: number;
  productId: number;
  shopId: number;
}

export interface ActivityShops {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface ActivitySubscribers {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  mobile: string;
  remindedAt: Timestamp | null;
}

export interface ActivityVisitStats {
  activityId: number;
  uniqueViewers: Generated<Int8>;
  visits: Generated<Int8>;
}

export interface AgentActivityCounts {
  agentId: number;
  count: Generated<number>;
  isArchived: boolean;
}

export interface AgentBranding {
  agentId: number;
  customization: Generated<JsonColumn<JsonRecord>>;
  imageTemplate: Generated<JsonColumn<JsonRecord>>;
  loginTemplate: Generated<JsonColumn<JsonRecord>>;
  officialAccount: JsonColumn<JsonRecord> | null;
  templateActivityId: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface AgentCards {
  agentId: number;
  bank: string;
  cardNo: string;
  createdAt: Generated<Timestamp>;
  holder: string;
  id: Generated<number>;
  mobile: string;
  type: Generated<string>;
}

export interface AgentCredits {
  agentId: number;
  fluxGb: Generated<Numeric>;
  smsCount: Generated<number>;
  storageGb: Generated<Numeric>;
  updatedAt: Generated<Timestamp>;
  updatedBy: number | null;
}

export interface AgentEntitlements {
  activityQuota: number;
  agentId: number;
  fluxGb: Numeric;
  hasContract: boolean;
  packageCurrent: boolean;
  storageGb: Numeric;
  subagentQuota: number;
}

export interface AgentFields {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface AgentHomepages {
  agentId: number;
  pageId: number;
  setAt: Generated<Timestamp>;
}

export interface AgentOpenids {
  agentId: number;
  avatar: Generated<string>;
  boundAt: Generated<Timestamp>;
  nickname: Generated<string>;
  openid: string;
}

export interface AgentPackages {
  activityQuota: number;
  agentId: number;
  expiresAt: Timestamp;
  fluxGb: Numeric;
  hasContract: Generated<boolean>;
  packageId: number;
  startedAt: Timestamp;
  storageGb: Numeric;
  subagentQuota: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface AgentPromotions {
  agentId: number;
  createdAt: Generated<Timestamp>;
  promoterId: number;
}

export interface AgentRecharges {
  agentId: number;
  amount: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  paidAt: Timestamp | null;
  payProvider: string;
  status: Generated<"init" | "paid" | "failed">;
  tradeNo: string | null;
}

export interface Agents {
  avatar: Generated<string>;
  company: Generated<string>;
  contact: Generated<string>;
  contractEndedAt: Timestamp | null;
  contractStartedAt: Timestamp | null;
  coopLevel: Generated<number>;
  createdAt: Generated<Timestamp>;
  email: Generated<string>;
  extra: Generated<JsonColumn<AgentExtraColumn>>;
  fieldId: number | null;
  hasContract: Generated<boolean>;
  id: Generated<number>;
  managerId: number | null;
  mobile: string;
  parentId: number | null;
  passwordHash: string;
  status: Generated<"enabled" | "pending" | "disabled">;
  subagentQuota: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface AgentSettings {
  agentId: number;
  data: JsonColumn<unknown>;
  section: string;
  updatedAt: Generated<Timestamp>;
}

export interface AgentTableTheads {
  agentId: number;
  fields: Json;
  subagentKey: Generated<number>;
  tableId: string;
  updatedAt: Generated<Timestamp>;
}

export interface Aggregations {
  agentId: number;
  cover: Generated<string>;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<number>;
  name: string;
  subagentId: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface AggregationVenues {
  activityId: number;
  agentId: number;
  aggregationId: number;
  label: Generated<string>;
  position: number;
}

export interface AudienceExtraFields {
  agentId: number;
  fields: Generated<Json>;
  updatedAt: Generated<Timestamp>;
}

export interface AudienceFavInviters {
  agentId: number;
  createdAt: Generated<Timestamp>;
  personId: number;
}

export interface AudiencePeople {
  agentId: number;
  blockedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  extra: Generated<Json>;
  id: Generated<number>;
  lastSeenAt: Generated<Timestamp>;
  mobile: string;
  name: Generated<string>;
  viewerId: string;
}

export interface AudiencePersonBrowsers {
  agentId: number;
  browserId: string;
  personId: number;
}

export interface AudiencePersonTags {
  agentId: number;
  personId: number;
  tagId: number;
}

export interface AudienceTags {
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
}

export interface CatalogActivities {
  activityId: number;
  agentId: number;
  catalogId: number;
  chapterId: number;
  position: number;
}

export interface CatalogChapters {
  agentId: number;
  catalogId: number;
  id: Generated<number>;
  position: number;
  title: string;
}

export interface Catalogs {
  abstract: Generated<string>;
  agentId: number;
  appearance: Generated<Json>;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  share: Generated<Json>;
  subagentId: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface Categories {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  sort: Generated<number>;
}

export interface ChatKicks {
  activityId: number;
  agentId: number;
  until: Timestamp;
  viewerId: string;
}

export interface ChatRestrictions {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  kind: "ban" | "blacklist";
  viewerId: string;
}

export interface CheckinRecords {
  activityId: number;
  agentId: number;
  checkinId: number;
  createdAt: Generated<Timestamp>;
  nickname: string;
  viewerId: string;
}

export interface Checkins {
  activityId: number;
  agentId: number;
  checkedIn: Generated<number>;
  durationSeconds: number;
  endsAt: Timestamp;
  id: Generated<number>;
  requireMobile: Generated<boolean>;
  startedAt: Generated<Timestamp>;
  title: string;
}

export interface CommentLibraries {
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  items: Generated<string[]>;
  name: string;
  updatedAt: Generated<Timestamp>;
}

export interface Comments {
  activityId: number;
  agentId: number;
  avatar: string | null;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  id: Generated<number>;
  isRobot: Generated<boolean>;
  nickname: string;
  pinnedAt: Timestamp | null;
  robotId: number | null;
  sid: string | null;
  status: "pending" | "passed" | "failed";
  text: string;
  viewerId: string | null;
}

export interface DocumentActivities {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  documentId: number;
}

export interface Documents {
  agentId: number;
  createdAt: Generated<Timestamp>;
  fileKey: string;
  id: Generated<number>;
  kind: "pdf" | "word" | "excel" | "powerpoint" | "image";
  mimeType: string;
  name: string;
  permission: Generated<"read" | "download">;
  signInRequired: Generated<boolean>;
  sizeBytes: number;
  subagentId: number | null;
  updatedAt: Generated<Timestamp>;
  uploadKey: string | null;
}

export interface GiftOrders {
  activityId: number;
  agentId: number;
  amount: number;
  closedAt: Timestamp | null;
  count: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  giftIcon: string;
  giftId: number;
  giftName: string;
  id: Generated<number>;
  nickname: string;
  paidAt: Timestamp | null;
  payProvider: string;
  price: number;
  status: Generated<"init" | "paid" | "failed">;
  tradeNo: string | null;
  viewerId: string;
}

export interface GiftRanks {
  activityId: number;
  agentId: number;
  amount: Int8;
  count: Int8;
  lastSentAt: Timestamp;
  nickname: string;
  viewerId: string;
}

export interface Gifts {
  agentId: number;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  enabled: Generated<boolean>;
  icon: string;
  id: Generated<number>;
  name: string;
  price: number;
  sort: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface GiftSends {
  activityId: number;
  agentId: number;
  amount: number;
  count: number;
  createdAt: Generated<Timestamp>;
  giftIcon: string;
  giftId: number;
  giftName: string;
  giftOrderId: number | null;
  id: Generated<Int8>;
  nickname: string;
  price: number;
  viewerId: string;
}

export interface IdempotencyKeys {
  agentId: number;
  createdAt: Generated<Timestamp>;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  responseBody: string | null;
  responseStatus: number | null;
  responseType: string | null;
  status: Generated<"pending" | "done">;
}

export interface IngestSessions {
  activityId: number;
  agentId: number;
  endedAt: Timestamp | null;
  id: Generated<number>;
  lastSeenAt: Timestamp | null;
  peakViewers: Generated<number>;
  playbackBytes: Generated<Int8>;
  startedAt: Generated<Timestamp>;
}

export interface LedgerEntries {
  account: "pay_clearing" | "package_sales" | "audience_sales" | "red_pack_balance" | "red_pack_held" | "audience_balance" | "platform_fees" | "agent_balance" | "withdrawals_pending";
  activityId: number | null;
  agentId: number;
  amount: Int8;
  createdAt: Generated<Timestamp>;
  giftOrderId: number | null;
  id: Generated<Int8>;
  memo: Generated<string>;
  orderId: number | null;
  rechargeId: number | null;
  shopOrderId: number | null;
  txnId: string;
  viewerId: string | null;
  viewOrderId: number | null;
  withdrawalId: number | null;
}

export interface LoginRecords {
  agentId: number | null;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  ip: Generated<string>;
  method: string;
  subagentId: number | null;
  success: boolean;
  userAgent: Generated<string>;
  username: string;
}

export interface LoginTickets {
  agentId: number;
  consumedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  createdBy: number | null;
  expiresAt: Timestamp;
  id: Generated<number>;
  subagentId: number | null;
  tokenHash: string;
}

export interface LotteryDraws {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  poolSize: number;
  prizeName: string;
  rule: "online" | "commented";
  winnerCount: number;
}

export interface LotteryWinners {
  activityId: number;
  agentId: number;
  drawId: number;
  nickname: string;
  viewerId: string;
}

export interface Media {
  activityId: number | null;
  agentId: number;
  attempts: Generated<number>;
  createdAt: Generated<Timestamp>;
  durationSeconds: number | null;
  error: Generated<string>;
  id: Generated<number>;
  name: string;
  outputKey: Generated<string>;
  sizeBytes: Generated<Int8>;
  source: string;
  sourceKind: "upload" | "url";
  status: "pending" | "transcoding" | "ready" | "failed";
  subagentId: number | null;
  transcodedBy: string | null;
  updatedAt: Generated<Timestamp>;
}

export interface MediaSources {
  intervalMs: number;
  pushes: Generated<boolean>;
  reportedAt: Generated<Timestamp>;
  rtmpUrl: string | null;
  sentAt: Int8;
  source: string;
  streams: Generated<Json>;
}

export interface MeetingAttendances {
  audio: Generated<boolean>;
  id: Generated<number>;
  joinedAt: Generated<Timestamp>;
  leftAt: Timestamp | null;
  meetingId: number;
  participantId: number;
  video: Generated<boolean>;
}

export interface MeetingParticipants {
  id: Generated<number>;
  joinedAt: Generated<Timestamp>;
  meetingId: number;
  nickname: string;
  role: "host" | "guest";
}

export interface Meetings {
  activityId: number;
  agentId: number;
  endedAt: Timestamp | null;
  id: Generated<number>;
  startedAt: Generated<Timestamp>;
  state: "ongoing" | "ended";
}

export interface OnlineSamples {
  activityId: number;
  agentId: number;
  at: Timestamp;
  bitrateKbps: number | null;
  droppedFrames: number | null;
  fps: number | null;
  latencyReports: Generated<number>;
  real: number;
  viewerLatencyMs: number | null;
  virtual: number;
}

export interface PackageOrders {
  activityId: number | null;
  agentId: number;
  amount: number;
  closedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  discount: Generated<number>;
  expiresAt: Timestamp;
  id: Generated<number>;
  listPrice: number;
  packageId: number;
  paidAt: Timestamp | null;
  payProvider: string;
  promotionCode: Generated<string>;
  status: Generated<"init" | "paid" | "failed">;
  subagentId: number | null;
  tradeNo: string | null;
}

export interface Packages {
  activityQuota: Generated<number>;
  audienceFeeRate: Generated<number>;
  description: Generated<string>;
  enabled: Generated<boolean>;
  fluxGb: Generated<Numeric>;
  forActivity: Generated<boolean>;
  id: number;
  isUltimatePackage: Generated<boolean>;
  name: string;
  price: number;
  sort: Generated<number>;
  storageGb: Generated<Numeric>;
  subagentQuota: Generated<number>;
  type: "free" | "trail" | "annual" | "activity";
  validityDays: number;
}

export interface PageLists {
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  pageId: number;
  sortOrder: Generated<number>;
  source: Json;
  title: string;
  updatedAt: Generated<Timestamp>;
}

export interface Pages {
  agentId: number;
  bottomNav: Generated<Json>;
  createdAt: Generated<Timestamp>;
  data: Json;
  draftSavedAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  publishedAt: Timestamp | null;
  publishedData: Json | null;
  subagentId: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface PaidViewOrders {
  activityId: number;
  agentId: number;
  amount: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  paidAt: Timestamp | null;
  payProvider: string;
  status: Generated<"init" | "paid" | "failed">;
  tradeNo: string | null;
  viewerId: string;
}

export interface PayNotifications {
  amount: number;
  giftOrderId: number | null;
  id: Generated<number>;
  orderId: number | null;
  outcome: string;
  provider: string;
  receivedAt: Generated<Timestamp>;
  status: string;
  tradeNo: string;
}

export interface PhotoLists {
  activityId: number;
  agentId: number;
  cover: Generated<string>;
  createdAt: Generated<Timestamp>;
  description: Generated<string>;
  id: Generated<number>;
  title: string;
  updatedAt: Generated<Timestamp>;
}

export interface Photos {
  activityId: number;
  agentId: number;
  bytes: Int8;
  createdAt: Generated<Timestamp>;
  displayKey: string;
  height: number;
  hidden: Generated<boolean>;
  id: Generated<number>;
  listId: number;
  name: string;
  position: number;
  thumbHeight: number;
  thumbKey: string;
  thumbWidth: number;
  width: number;
}

export interface ProductPushes {
  activityId: number;
  agentId: number;
  productId: number;
  pushedAt: Generated<Timestamp>;
}

export interface Products {
  agentId: number;
  buyMode: "link" | "platform";
  buyUrl: Generated<string>;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  description: Generated<string>;
  id: Generated<number>;
  name: string;
  originalPrice: number | null;
  pictures: Json;
  price: number;
  sold: Generated<number>;
  status: Generated<"on" | "off">;
  stock: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface PromotionChannels {
  activityId: number | null;
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  sign: string;
}

export interface PromotionCodes {
  amountOff: number | null;
  code: string;
  enabled: Generated<boolean>;
  expiresAt: Timestamp | null;
  packageId: number | null;
  percentOff: number | null;
}

export interface QuestionnaireResponses {
  activityId: number;
  agentId: number;
  answers: Json;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  nickname: string;
  versionId: number;
  viewerId: string;
}

export interface QuestionnaireTextAnswers {
  activityId: number;
  agentId: number;
  questionIndex: number;
  responseId: number;
  text: string;
  versionId: number;
}

export interface QuestionnaireVersions {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  hash: string;
  id: Generated<number>;
  isAnonymous: boolean;
  questions: Json;
  respondents: Generated<number>;
  tally: Json;
  title: string;
}

export interface Questions {
  activityId: number;
  agentId: number;
  answer: string | null;
  answeredAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  id: Generated<number>;
  nickname: string;
  status: "pending" | "passed";
  text: string;
  viewerId: string;
}

export interface RedPacketGrabs {
  activityId: number;
  agentId: number;
  amount: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  nickname: Generated<string>;
  packetId: number;
  viewerId: string;
}

export interface RedPackets {
  activityId: number;
  agentId: number;
  count: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  greeting: string;
  id: Generated<number>;
  mode: "random" | "fixed";
  refundedAmount: Generated<number>;
  remainingAmount: number;
  remainingCount: number;
  status: Generated<"active" | "finished" | "expired">;
  totalAmount: number;
}

export interface RedPackRecharges {
  agentId: number;
  amount: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  paidAt: Timestamp | null;
  payProvider: string;
  status: Generated<"init" | "paid" | "failed">;
  tradeNo: string | null;
}

export interface RegistrationActivities {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  kind: "enroll" | "form";
  registrationId: number;
}

export interface RegistrationRecords {
  activityId: number | null;
  agentId: number;
  answers: Generated<Json>;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  mobile: string | null;
  personKey: string;
  reason: Generated<string>;
  registrationId: number;
  reviewedAt: Timestamp | null;
  source: Generated<"form" | "whitelist">;
  status: Generated<"pending" | "approved" | "rejected">;
  updatedAt: Generated<Timestamp>;
  viewerId: string | null;
}

export interface Registrations {
  agentId: number;
  config: Generated<Json>;
  createdAt: Generated<Timestamp>;
  fields: Generated<Json>;
  id: Generated<number>;
  kind: Generated<"enroll" | "form">;
  name: string;
  subagentId: number | null;
  updatedAt: Generated<Timestamp>;
}

export interface Robots {
  agentId: number;
  avatar: string;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  nickname: string;
}

export interface SandboxWechatCodes {
  avatar: Generated<string>;
  code: string;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  nickname: string;
  openid: string;
  usedAt: Timestamp | null;
}

export interface SensitiveWordLists {
  action: Generated<"mask" | "review" | "reject">;
  agentId: number;
  createdAt: Generated<Timestamp>;
  enabled: Generated<boolean>;
  id: Generated<number>;
  name: string;
  updatedAt: Generated<Timestamp>;
  words: Generated<string[]>;
}

export interface ServerProcesses {
  heartbeatAt: Generated<Timestamp>;
  host: string;
  id: string;
  pid: number;
  startedAt: Generated<Timestamp>;
}

export interface Sessions {
  agentId: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  impersonatedBy: number | null;
  revokedAt: Timestamp | null;
  subagentId: number | null;
  tokenHash: string;
}

export interface ShopOrders {
  activityId: number;
  agentId: number;
  amount: number;
  buyerAddress: string;
  buyerMobile: string;
  buyerName: string;
  count: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  paidAt: Timestamp | null;
  payProvider: string;
  price: number;
  productCover: string;
  productId: number;
  productName: string;
  shippedAt: Timestamp | null;
  status: Generated<"init" | "paid" | "failed" | "soldOut">;
  tradeNo: string | null;
  viewerId: string;
}

export interface SmsCodes {
  agentId: number | null;
  attempts: Generated<number>;
  codeHash: string;
  consumedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
  id: Generated<number>;
  ip: Generated<string>;
  mobile: string;
  purpose: string;
}

export interface StatsReach {
  activityId: number;
  day: Timestamp;
  prevDay: Timestamp;
  scope: string;
  shard: number;
  viewers: Generated<Int8>;
}

export interface StatsViewerDays {
  activityId: number;
  day: Timestamp;
  scope: string;
  viewerId: string;
  visits: number;
}

export interface StatsViewerHours {
  activityId: number;
  hour: Timestamp;
  viewerId: string;
  visits: number;
}

export interface StatsVisitBreakdowns {
  activityId: number;
  day: Timestamp;
  dimension: "ditch" | "host" | "device" | "browser" | "region";
  key: string;
  shard: number;
  visits: Generated<Int8>;
}

export interface StatsVisitBuckets {
  activityId: number;
  bucket: Timestamp;
  grain: "hour" | "day";
  pv: Generated<Int8>;
  shard: number;
  uv: Generated<Int8>;
  watchSeconds: Generated<Int8>;
}

export interface StreamJobs {
  activityId: number;
  agentId: number;
  endedAt: Timestamp | null;
  error: Generated<string>;
  id: Generated<number>;
  kind: "relay" | "transcode";
  ownerProcess: string | null;
  source: string;
  startedAt: Generated<Timestamp>;
  status: "running" | "stopped" | "failed";
}

export interface SubagentGroups {
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
}

export interface Subagents {
  agentId: number;
  createdAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  groupId: number | null;
  id: Generated<number>;
  passwordHash: string;
  passwordSealed: string | null;
  remark: Generated<string>;
  username: string;
}

export interface Tasks {
  activityId: number | null;
  agentId: number;
  attempts: Generated<number>;
  contentType: string | null;
  createdAt: Generated<Timestamp>;
  fileKey: string | null;
  fileName: string | null;
  fileSize: Int8 | null;
  finishedAt: Timestamp | null;
  id: Generated<number>;
  kind: string;
  label: string;
  lastError: string | null;
  leaseExpiresAt: Timestamp | null;
  leaseOwner: string | null;
  maxAttempts: Generated<number>;
  name: string;
  params: Json;
  progressDone: Generated<number>;
  progressTotal: number | null;
  runAfter: Generated<Timestamp>;
  startedAt: Timestamp | null;
  status: Generated<"pending" | "running" | "done" | "failed">;
  subagentId: number | null;
}

export interface TextLivePosts {
  activityId: number;
  agentId: number;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  images: Generated<Json>;
  text: string;
}

export interface VirtualAudiences {
  activityId: number;
  agentId: number;
  commentIntervalSeconds: Generated<number>;
  commentsEnabled: Generated<boolean>;
  enabled: Generated<boolean>;
  jitterPercent: Generated<number>;
  libraryId: Generated<number>;
  nextCommentAt: Timestamp | null;
  rampMinutes: Generated<number>;
  target: Generated<number>;
  updatedAt: Generated<Timestamp>;
}

export interface Visits {
  activityId: number;
  agentId: number;
  browserId: string | null;
  city: Generated<string>;
  device: "mobile" | "tablet" | "desktop";
  ditchSign: string | null;
  id: Generated<Int8>;
  ip: Generated<string>;
  lastSeenAt: Generated<Timestamp>;
  latencyMs: number | null;
  province: Generated<string>;
  referrer: Generated<string>;
  startedAt: Generated<Timestamp>;
  userAgent: Generated<string>;
  viewerId: string;
  watchSeconds: Generated<number>;
}

export interface VoteBallots {
  activityId: number;
  agentId: number;
  choices: Json;
  createdAt: Generated<Timestamp>;
  nickname: string;
  viewerId: string;
  voteId: number;
}

export interface Votes {
  activityId: number;
  agentId: number;
  closedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  id: Generated<number>;
  kind: "single" | "multiple";
  maxChoices: number;
  options: Json;
  publishedAt: Timestamp | null;
  status: Generated<"draft" | "published" | "closed">;
  tally: Json;
  title: string;
  voters: Generated<number>;
}

export interface Withdrawals {
  agentId: number;
  amount: number;
  cardId: number | null;
  createdAt: Generated<Timestamp>;
  deliveryId: string | null;
  id: Generated<number>;
  kind: "withdraw" | "outflow";
  reference: Generated<string>;
  remark: Generated<string>;
  reviewedAt: Timestamp | null;
  reviewedBy: number | null;
  status: Generated<"pending" | "paid" | "rejected">;
}

export interface DB {
  activities: Activities;
  activityDitchVisits: ActivityDitchVisits;
  activityExtensions: ActivityExtensions;
  activityGroups: ActivityGroups;
  activityInvitees: ActivityInvitees;
  activityInviters: ActivityInviters;
  activitySettings: ActivitySettings;
  activityShopProducts: ActivityShopProducts;
  activityShops: ActivityShops;
  activitySubscribers: ActivitySubscribers;
  activityVisitStats: ActivityVisitStats;
  agentActivityCounts: AgentActivityCounts;
  agentBranding: AgentBranding;
  agentCards: AgentCards;
  agentCredits: AgentCredits;
  agentEntitlements: AgentEntitlements;
  agentFields: AgentFields;
  agentHomepages: AgentHomepages;
  agentOpenids: AgentOpenids;
  agentPackages: AgentPackages;
  agentPromotions: AgentPromotions;
  agentRecharges: AgentRecharges;
  agents: Agents;
  agentSettings: AgentSettings;
  agentTableTheads: AgentTableTheads;
  aggregations: Aggregations;
  aggregationVenues: AggregationVenues;
  audienceExtraFields: AudienceExtraFields;
  audienceFavInviters: AudienceFavInviters;
  audiencePeople: AudiencePeople;
  audiencePersonBrowsers: AudiencePersonBrowsers;
  audiencePersonTags: AudiencePersonTags;
  audienceTags: AudienceTags;
  catalogActivities: CatalogActivities;
  catalogChapters: CatalogChapters;
  catalogs: Catalogs;
  categories: Categories;
  chatKicks: ChatKicks;
  chatRestrictions: ChatRestrictions;
  checkinRecords: CheckinRecords;
  checkins: Checkins;
  commentLibraries: CommentLibraries;
  comments: Comments;
  documentActivities: DocumentActivities;
  documents: Documents;
  giftOrders: GiftOrders;
  giftRanks: GiftRanks;
  gifts: Gifts;
  giftSends: GiftSends;
  idempotencyKeys: IdempotencyKeys;
  ingestSessions: IngestSessions;
  ledgerEntries: LedgerEntries;
  loginRecords: LoginRecords;
  loginTickets: LoginTickets;
  lotteryDraws: LotteryDraws;
  lotteryWinners: LotteryWinners;
  media: Media;
  mediaSources: MediaSources;
  meetingAttendances: MeetingAttendances;
  meetingParticipants: MeetingParticipants;
  meetings: Meetings;
  onlineSamples: OnlineSamples;
  packageOrders: PackageOrders;
  packages: Packages;
  pageLists: PageLists;
  pages: Pages;
  paidViewOrders: PaidViewOrders;
  payNotifications: PayNotifications;
  photoLists: PhotoLists;
  photos: Photos;
  productPushes: ProductPushes;
  products: Products;
  promotionChannels: PromotionChannels;
  promotionCodes: PromotionCodes;
  questionnaireResponses: QuestionnaireResponses;
  questionnaireTextAnswers: QuestionnaireTextAnswers;
  questionnaireVersions: QuestionnaireVersions;
  questions: Questions;
  redPacketGrabs: RedPacketGrabs;
  redPackets: RedPackets;
  redPackRecharges: RedPackRecharges;
  registrationActivities: RegistrationActivities;
  registrationRecords: RegistrationRecords;
  registrations: Registrations;
  robots: Robots;
  sandboxWechatCodes: SandboxWechatCodes;
  sensitiveWordLists: SensitiveWordLists;
  serverProcesses: ServerProcesses;
  sessions: Sessions;
  shopOrders: ShopOrders;
  smsCodes: SmsCodes;
  statsReach: StatsReach;
  statsViewerDays: StatsViewerDays;
  statsViewerHours: StatsViewerHours;
  statsVisitBreakdowns: StatsVisitBreakdowns;
  statsVisitBuckets: StatsVisitBuckets;
  streamJobs: StreamJobs;
  subagentGroups: SubagentGroups;
  subagents: Subagents;
  tasks: Tasks;
  textLivePosts: TextLivePosts;
  virtualAudiences: VirtualAudiences;
  visits: Visits;
  voteBallots: VoteBallots;
  votes: Votes;
  withdrawals: Withdrawals;
}

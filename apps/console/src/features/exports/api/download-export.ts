import { type ExportFormat, type ExportKind, exportCalls, invitationCalls, type StatsRange } from '@yanbo/contracts';
import { downloadFile } from './download-file';

export interface ExportChoice {
  activityId: number;
  /** The signed-in agent: the gain details' path names it. */
  agentId: number;
  kind: ExportKind;
  range: StatsRange;
  /** The columns wanted; empty: all of them. */
  fields: readonly string[];
  format: ExportFormat;
}

/** Downloads an export now, through its own path of seed 001 §7 where the seed gives one. */
export function downloadExport(choice: ExportChoice): Promise<void> {
  const { activityId, kind, range, format } = choice;
  const params = { id: activityId };
  const query = { ...range, format, fields: choice.fields.join(',') };
  switch (kind) {
    case 'checkin-data':
      return downloadFile(exportCalls.downloadCheckinData, { params, query });
    case 'users':
      return downloadFile(exportCalls.downloadActivityUsers, { params, query });
    case 'subscribers':
      return downloadFile(exportCalls.downloadSubscribers, { params, query });
    case 'allowed-mobiles':
      return downloadFile(exportCalls.downloadAllowedMobiles, { params, query });
    case 'user-visits':
      return downloadFile(exportCalls.downloadUserVisits, { params, query });
    case 'stats':
      return downloadFile(exportCalls.downloadStats, { params, query });
    case 'comments':
      return downloadFile(exportCalls.downloadComments, { params, query });
    case 'top-gift':
      return downloadFile(exportCalls.downloadTopGifts, {
        params,
        query: { format: 'csv', fields: choice.fields.join(',') },
      });
    case 'top-share':
      // Seed 001 §7 …/stats/top/share?format=csv: the ranking's own path, which has every column.
      if (choice.fields.length > 0) break;
      return downloadFile(invitationCalls.listTopShareRanks, { params, query: { format: 'csv' } });
    case 'gift-reward':
    case 'per-view':
    case 'goods':
      return downloadFile(exportCalls.downloadGainDetails, {
        params: { userId: choice.agentId },
        query: { ...query, type: kind, activityId },
      });
    default:
      break;
  }
  return downloadFile(exportCalls.downloadDataStats, { params: { id: activityId, kind }, query });
}

import { BULK_ACTIVITIES_MAX } from '@yanbo/contracts';
import { ACTIVITY_NAME_MAX, type ActivityBody } from './activity-form-rules';

export type BulkNamesProblem =
  | { kind: 'empty' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'tooLong'; line: number; max: number }
  | { kind: 'repeated'; line: number; name: string };

/** One name a line; blank lines don't count. The first problem found, or the names. */
export function parseBulkNames(text: string): { names: string[] } | { problem: BulkNamesProblem } {
  const lines = text.split('\n').map((line) => line.trim());
  const names: string[] = [];
  const seen = new Set<string>();
  for (const [index, name] of lines.entries()) {
    if (!name) continue;
    if (name.length > ACTIVITY_NAME_MAX)
      return { problem: { kind: 'tooLong', line: index + 1, max: ACTIVITY_NAME_MAX } };
    if (seen.has(name)) return { problem: { kind: 'repeated', line: index + 1, name } };
    seen.add(name);
    names.push(name);
  }
  if (names.length === 0) return { problem: { kind: 'empty' } };
  if (names.length > BULK_ACTIVITIES_MAX) return { problem: { kind: 'tooMany', max: BULK_ACTIVITIES_MAX } };
  return { names };
}

/** The batch's body: every activity shares the type, group and start time; none has an end date. */
export function toBulkBody(
  names: string[],
  shared: { type: ActivityBody['type']; groupId: number | null; startedAt: string | null },
): { activities: ActivityBody[] } {
  return {
    activities: names.map((name) => ({
      name,
      type: shared.type,
      groupId: shared.groupId,
      startedAt: shared.startedAt,
      endedAt: null,
    })),
  };
}

/** The server names a taken or repeated name's field `activities.<index>.name`: the line it came from. */
export function failedBulkIndex(field: string | undefined): number | null {
  const match = field?.match(/^activities\.(\d+)\.name$/);
  return match ? Number(match[1]) : null;
}

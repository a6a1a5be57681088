import { BULK_ACTIVITIES_MAX } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAME_MAX } from './activity-form-rules';
import { failedBulkIndex, parseBulkNames, toBulkBody } from './bulk-create-rules';

describe('parseBulkNames', () => {
  it('takes one trimmed name a line and skips blank lines', () => {
    expect(parseBulkNames('  第一场 \n\n第二场\n   \n第三场')).toEqual({ names: ['第一场', '第二场', '第三场'] });
  });

  it('names the first problem: nothing, a repeat, a long name, too many', () => {
    expect(parseBulkNames(' \n ')).toEqual({ problem: { kind: 'empty' } });
    expect(parseBulkNames('甲\n乙\n甲')).toEqual({ problem: { kind: 'repeated', line: 3, name: '甲' } });
    expect(parseBulkNames(`甲\n${'长'.repeat(ACTIVITY_NAME_MAX + 1)}`)).toEqual({
      problem: { kind: 'tooLong', line: 2, max: ACTIVITY_NAME_MAX },
    });
    const many = Array.from({ length: BULK_ACTIVITIES_MAX + 1 }, (_, i) => `场次 ${i}`).join('\n');
    expect(parseBulkNames(many)).toEqual({ problem: { kind: 'tooMany', max: BULK_ACTIVITIES_MAX } });
  });
});

describe('toBulkBody', () => {
  it('gives every activity the shared type, group and start, and no end date', () => {
    expect(toBulkBody(['甲', '乙'], { type: 'video', groupId: 4, startedAt: null })).toEqual({
      activities: [
        { name: '甲', type: 'video', groupId: 4, startedAt: null, endedAt: null },
        { name: '乙', type: 'video', groupId: 4, startedAt: null, endedAt: null },
      ],
    });
  });
});

describe('failedBulkIndex', () => {
  it('reads the index of the failing name', () => {
    expect(failedBulkIndex('activities.2.name')).toBe(2);
    expect(failedBulkIndex('name')).toBeNull();
    expect(failedBulkIndex(undefined)).toBeNull();
  });
});

import { ERROR_MESSAGES } from '@yanbo/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import {
  ACTIVITY_NAME_MAX,
  endIsAfterStart,
  failedField,
  GROUP_NAME_MAX,
  initialFormValues,
  toActivityBody,
} from './activity-form-rules';

describe('activity form', () => {
  it('takes its limits from the contract', () => {
    expect(ACTIVITY_NAME_MAX).toBe(60);
    expect(GROUP_NAME_MAX).toBe(30);
  });

  it('opens a new activity as live, starting now (to the minute), with no end and the group in view', () => {
    const now = dayjs('2025-03-01T10:15:42.123Z');
    const values = initialFormValues(undefined, { now, groupId: 4 });
    expect(values.type).toBe('live');
    expect(values.startedAt?.toISOString()).toBe('2025-03-01T10:15:00.000Z');
    expect(values.endedAt).toBeNull();
    expect(values.groupId).toBe(4);
  });

  it('opens an existing activity with its own values, a null endedAt staying empty', () => {
    const values = initialFormValues({
      id: 1,
      name: '年会',
      type: 'video',
      status: 'enabled',
      progress: 'OnGoing',
      isPushing: false,
      isArchived: false,
      groupId: 2,
      subagentId: null,
      catalogId: null,
      categoryId: 3,
      cover: '',
      spend: 0,
      startedAt: '2025-01-01T02:00:00.000Z',
      endedAt: null,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ name: '年会', type: 'video', groupId: 2, categoryId: 3, endedAt: null });
    expect(values.startedAt?.toISOString()).toBe('2025-01-01T02:00:00.000Z');
  });

  it('sends an empty end as endedAt null and times as ISO-8601 in UTC', () => {
    const body = toActivityBody({
      name: '  发布会  ',
      type: 'live',
      startedAt: dayjs('2025-05-01T08:00:00.000Z'),
      endedAt: null,
      categoryId: null,
      groupId: 5,
    });
    expect(body).toEqual({
      name: '发布会',
      type: 'live',
      startedAt: '2025-05-01T08:00:00.000Z',
      endedAt: null,
      categoryId: null,
      groupId: 5,
    });
  });

  it('sends the granted sub-account only when the form has the field, null taking the grant back', () => {
    const base = { name: 'x', type: 'live' as const, startedAt: null, endedAt: null, categoryId: null, groupId: null };
    expect(toActivityBody(base)).not.toHaveProperty('subagentId');
    expect(toActivityBody({ ...base, subagentId: 4 })).toMatchObject({ subagentId: 4 });
    expect(toActivityBody({ ...base, subagentId: null })).toMatchObject({ subagentId: null });
  });

  it('wants an end after the start, when both are given', () => {
    const start = dayjs('2025-05-01T08:00:00.000Z');
    expect(endIsAfterStart(start, start.add(1, 'hour'))).toBe(true);
    expect(endIsAfterStart(start, start)).toBe(false);
    expect(endIsAfterStart(start, null)).toBe(true);
    expect(endIsAfterStart(null, start)).toBe(true);
  });

  it('puts a taken name on the name field', () => {
    const taken = new ApiError(400, ERROR_MESSAGES.activityNameExists, undefined, 'name');
    expect(failedField(taken, ['name', 'type'] as const)).toBe('name');
    expect(failedField(new ApiError(400, 'Unknown', undefined, 'cover'), ['name'] as const)).toBeUndefined();
    expect(failedField(new ApiError(500, 'x', undefined, 'name'), ['name'] as const)).toBeUndefined();
    expect(failedField(new Error('x'), ['name'] as const)).toBeUndefined();
  });
});

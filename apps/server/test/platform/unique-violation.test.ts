import { describe, expect, it } from 'vitest';
import { isUniqueViolation, unlessTaken } from '../../src/platform/db/unique-violation.ts';

// A unique violation is SQLSTATE 23505; with an index name, only one raised by that index.

describe('isUniqueViolation', () => {
  const byConstraint = { code: '23505', constraint: 'activities_agent_name_idx', message: 'duplicate key' };
  const byMessage = {
    code: '23505',
    message: 'duplicate key value violates unique constraint "activities_agent_name_idx"',
  };

  it('tells a unique violation from any other failure', () => {
    expect(isUniqueViolation(byConstraint)).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('with an index name, answers only for that index, by constraint or by message', () => {
    expect(isUniqueViolation(byConstraint, 'activities_agent_name_idx')).toBe(true);
    expect(isUniqueViolation(byMessage, 'activities_agent_name_idx')).toBe(true);
    expect(isUniqueViolation(byConstraint, 'agents_mobile_idx')).toBe(false);
    expect(
      isUniqueViolation({ code: '23503', constraint: 'activities_agent_name_idx' }, 'activities_agent_name_idx'),
    ).toBe(false);
  });

  it('unlessTaken throws the taken error only for a unique violation', async () => {
    const taken = () => new Error('taken');
    await expect(unlessTaken(Promise.resolve(1), taken)).resolves.toBe(1);
    await expect(unlessTaken(Promise.reject(byConstraint), taken)).rejects.toThrow('taken');
    await expect(unlessTaken(Promise.reject(new Error('other')), taken)).rejects.toThrow('other');
  });
});

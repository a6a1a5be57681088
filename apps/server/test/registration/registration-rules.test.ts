import {
  type RegistrationField,
  registrationField,
  registrationFields,
  reviewInput,
  validateAnswers,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';

// The form rules both sides run (issue 12): a field builder's fields, and a submission checked field by field.

const fields: RegistrationField[] = registrationFields.parse([
  { key: 'name', label: '姓名', type: 'text', required: true },
  { key: 'phone', label: '手机号', type: 'mobile' },
  { key: 'size', label: '尺码', type: 'select', options: ['S', 'M'] },
  { key: 'tags', label: '兴趣', type: 'multiSelect', options: ['A', 'B', 'C'] },
  { key: 'day', label: '日期', type: 'date' },
  { key: 'city', label: '城市', type: 'region' },
  { key: 'cv', label: '简历', type: 'file' },
  { key: 'job', label: '职业', type: 'extra', extraKey: 'job', required: true },
]);
const context = {
  extraFields: [{ key: 'job', label: '职业', type: 'select' as const, required: false, options: ['学生', '教师'] }],
  isKnownRegion: (code: number) => code === 330106,
};
const check = (answers: Record<string, unknown>) =>
  validateAnswers(fields, { name: '张三', job: '学生', ...answers } as never, context);

describe('registration form rules', () => {
  it('takes a full, well-formed submission and leaves out empty answers', () => {
    const result = check({
      phone: '13800138000',
      size: 'M',
      tags: ['A', 'C'],
      day: '2026-02-28',
      city: 330106,
      cv: '/files/agent-1/cv.pdf',
      name: '张三',
    });
    expect(result).toEqual({
      ok: true,
      values: {
        name: '张三',
        phone: '13800138000',
        size: 'M',
        tags: ['A', 'C'],
        day: '2026-02-28',
        city: 330106,
        cv: '/files/agent-1/cv.pdf',
        job: '学生',
      },
    });
    expect(check({ size: '' })).toMatchObject({ ok: true });
  });

  it('names the first wrong field and why', () => {
    expect(check({ name: '' })).toEqual({ ok: false, key: 'name', message: 'Required' });
    expect(check({ job: undefined })).toEqual({ ok: false, key: 'job', message: 'Required' });
    expect(check({ job: '医生' })).toMatchObject({ ok: false, key: 'job' });
    expect(check({ phone: '1234' })).toMatchObject({ ok: false, key: 'phone' });
    expect(check({ size: 'XL' })).toMatchObject({ ok: false, key: 'size' });
    expect(check({ tags: ['A', 'A'] })).toMatchObject({ ok: false, key: 'tags', message: 'Options must not repeat' });
    expect(check({ tags: ['D'] })).toMatchObject({ ok: false, key: 'tags' });
    expect(check({ day: '2026-02-31x' })).toMatchObject({ ok: false, key: 'day' });
    expect(check({ city: 999999 })).toMatchObject({ ok: false, key: 'city' });
    expect(check({ city: '330106' })).toMatchObject({ ok: false, key: 'city' });
    expect(check({ cv: 'https://elsewhere.example/cv.pdf' })).toMatchObject({ ok: false, key: 'cv' });
    expect(check({ cv: '/files/../secret.key' })).toMatchObject({ ok: false, key: 'cv' });
    expect(check({ other: 'x' })).toEqual({ ok: false, key: 'other', message: 'Unknown field' });
  });

  it('asks nothing of a CRM field the agent removed since', () => {
    expect(validateAnswers(fields, { name: '张三' }, { ...context, extraFields: [] })).toMatchObject({ ok: true });
  });

  it('builds fields by the rules: two options for a choice, one mobile, keys and CRM fields once', () => {
    expect(registrationField.safeParse({ key: 'a', label: '选', type: 'select', options: ['一'] }).success).toBe(false);
    expect(registrationField.safeParse({ key: 'a', label: '文', type: 'text', options: ['一'] }).success).toBe(false);
    expect(registrationField.safeParse({ key: 'a', label: 'CRM', type: 'extra' }).success).toBe(false);
    expect(registrationField.safeParse({ key: '1a', label: '文', type: 'text' }).success).toBe(false);
    const twice = (a: object, b: object) => registrationFields.safeParse([a, b]).success;
    expect(twice({ key: 'a', label: '手机', type: 'mobile' }, { key: 'b', label: '手机', type: 'mobile' })).toBe(false);
    expect(twice({ key: 'a', label: '一', type: 'text' }, { key: 'a', label: '二', type: 'text' })).toBe(false);
    expect(
      twice(
        { key: 'a', label: '一', type: 'extra', extraKey: 'job' },
        { key: 'b', label: '二', type: 'extra', extraKey: 'job' },
      ),
    ).toBe(false);
  });

  it('reviews records or whitelists mobiles, and a rejection says why', () => {
    expect(reviewInput.safeParse({ recordIds: [1], status: 'approved' }).success).toBe(true);
    expect(reviewInput.safeParse({ recordIds: [1], status: 'rejected' }).success).toBe(false);
    expect(reviewInput.safeParse({ recordIds: [1], status: 'rejected', reason: '名额已满' }).success).toBe(true);
    expect(reviewInput.safeParse({ status: 'approved' }).success).toBe(false);
    expect(reviewInput.safeParse({ recordIds: [1], mobiles: ['13800138000'], status: 'approved' }).success).toBe(false);
    expect(reviewInput.safeParse({ mobiles: ['13800138000'], status: 'pending' }).success).toBe(false);
  });
});

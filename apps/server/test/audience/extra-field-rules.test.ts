import { type UserExtraField, userExtraConf, validateExtraValues } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';

// The CRM form's rules both sides run (issue 12): field definitions, and a person's answers checked against them
// (the registration form builder reuses both).

const fields: UserExtraField[] = [
  { key: 'company', label: '公司', type: 'text', required: true, options: [] },
  { key: 'age', label: '年龄', type: 'number', required: false, options: [] },
  { key: 'born', label: '生日', type: 'date', required: false, options: [] },
  { key: 'size', label: '规模', type: 'select', required: false, options: ['小', '大'] },
  { key: 'topics', label: '兴趣', type: 'multiSelect', required: false, options: ['直播', '电商', '教育'] },
];

describe('CRM form rules', () => {
  it('keeps answers of the right type and leaves out empty optional ones', () => {
    expect(
      validateExtraValues(fields, {
        company: '演播',
        age: 30,
        born: '1990-01-31',
        size: '大',
        topics: ['直播'],
        x: '',
      }),
    ).toEqual({ ok: false, key: 'x', message: 'Unknown field' });
    expect(validateExtraValues(fields, { company: '演播', age: 30, size: '', topics: [] })).toEqual({
      ok: true,
      values: { company: '演播', age: 30 },
    });
  });

  it('names the first wrong answer', () => {
    expect(validateExtraValues(fields, {})).toMatchObject({ ok: false, key: 'company', message: 'Required' });
    expect(validateExtraValues(fields, { company: 1 })).toMatchObject({ key: 'company', message: 'Must be text' });
    expect(validateExtraValues(fields, { company: 'a', age: '3' })).toMatchObject({ key: 'age' });
    expect(validateExtraValues(fields, { company: 'a', born: '2026-02-30x' })).toMatchObject({ key: 'born' });
    expect(validateExtraValues(fields, { company: 'a', size: '中' })).toMatchObject({ key: 'size' });
    expect(validateExtraValues(fields, { company: 'a', topics: ['直播', '直播'] })).toMatchObject({
      key: 'topics',
      message: 'Options must not repeat',
    });
    expect(validateExtraValues(fields, { company: 'a', topics: '直播' })).toMatchObject({ key: 'topics' });
  });

  it('refuses definitions a form could not show: a one-option choice, options on text, a repeated key', () => {
    const paths = (input: unknown) =>
      userExtraConf.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ fields: [{ key: 'a', label: 'A', type: 'select', options: ['x', 'x'] }] })).toContain(
      'fields.0.options',
    );
    expect(paths({ fields: [{ key: 'a', label: 'A', type: 'text', options: ['x'] }] })).toEqual(['fields.0.options']);
    expect(
      paths({
        fields: [
          { key: 'a', label: 'A', type: 'text' },
          { key: 'a', label: 'B', type: 'number' },
        ],
      }),
    ).toEqual(['fields.1.key']);
    expect(paths({ fields: [{ key: '_a', label: 'A', type: 'text' }] })).toEqual(['fields.0.key']);
    expect(userExtraConf.parse({ fields: [{ key: 'a', label: ' A ', type: 'text' }] }).fields[0]).toEqual({
      key: 'a',
      label: 'A',
      type: 'text',
      required: false,
      options: [],
    });
  });
});

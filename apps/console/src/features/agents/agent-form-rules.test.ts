import type { AreaRegion, ManagedAgent } from '@yanbo/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  agentFormValues,
  areaLabel,
  areaPath,
  blankAgentValues,
  canCreateAgents,
  formFieldOf,
  toCoopBody,
  toCreateBody,
  toUpdateBody,
} from './agent-form-rules';

const library: AreaRegion[] = [
  {
    id: 330000,
    name: '浙江省',
    type: 'province',
    children: [
      {
        id: 330100,
        name: '杭州市',
        type: 'city',
        children: [{ id: 330106, name: '西湖区', type: 'district' }],
      },
    ],
  },
  { id: 110000, name: '北京市', type: 'province', children: [{ id: 110100, name: '北京市', type: 'city' }] },
];

const agent: ManagedAgent = {
  id: 10002,
  parentId: 10001,
  depth: 1,
  mobile: '13800000000',
  contact: '张三',
  company: '演播',
  email: 'a@b.cn',
  status: 'enabled',
  coopLevel: 1,
  extra: { area: 330106, address: '文三路', margin: 10 },
  fieldId: 2,
  contractStartedAt: '2026-01-01T00:00:00.000Z',
  contractEndedAt: null,
  managerId: null,
  manager: null,
  subagentQuota: 5,
  credit: { fluxGb: 0, storageGb: 0, smsCount: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('area library paths', () => {
  it('finds the path from the province down to a city or a district', () => {
    expect(areaPath(library, 330100)).toEqual([330000, 330100]);
    expect(areaPath(library, 330106)).toEqual([330000, 330100, 330106]);
    expect(areaPath(library, 110000)).toEqual([110000]);
    expect(areaPath(library, 999999)).toEqual([]);
  });

  it('names a region by its full path, or by its code when unknown', () => {
    expect(areaLabel(library, 330106)).toBe('浙江省 / 杭州市 / 西湖区');
    expect(areaLabel(library, 330100, ' ')).toBe('浙江省 杭州市');
    expect(areaLabel(undefined, 330100)).toBe('330100');
  });
});

describe('the blank agent', () => {
  it('starts at area 330100 (杭州市) with margin 0 and level 0 (seed 000 §3, §9)', () => {
    expect(blankAgentValues(library)).toMatchObject({ area: [330000, 330100], margin: 0, coopLevel: 0 });
  });

  it('creates with the default area when the library has not loaded yet', () => {
    const body = toCreateBody({ ...blankAgentValues(), mobile: '13800000001', password: 'pass-word-1' });
    expect(body.extra).toEqual({ area: 330100, address: '', margin: 0 });
    expect(body).toMatchObject({ fieldId: null, managerId: null, contractStartedAt: null, contractEndedAt: null });
  });
});

describe('bodies', () => {
  it('sends the last code of the chosen path as extra.area and trims the texts', () => {
    const values = {
      ...blankAgentValues(library),
      mobile: ' 13800000001 ',
      password: 'pass-word-1',
      contact: ' 李四 ',
      area: [330000, 330100, 330106],
      address: ' 文一路 ',
      margin: 5,
    };
    expect(toCreateBody(values)).toMatchObject({
      mobile: '13800000001',
      contact: '李四',
      extra: { area: 330106, address: '文一路', margin: 5 },
    });
  });

  it('turns the contract range into whole days', () => {
    const start = dayjs('2026-03-01T15:30:00');
    const end = dayjs('2026-03-31T08:00:00');
    const body = toCoopBody({ coopLevel: 1, contract: [start, end], managerId: null });
    expect(body.contractStartedAt).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(body.contractEndedAt).toBe(dayjs('2026-03-31T23:59:59').toISOString());
    expect(toCoopBody({ coopLevel: 0, contract: null, managerId: 3 })).toEqual({
      coopLevel: 0,
      contractStartedAt: null,
      contractEndedAt: null,
      managerId: 3,
    });
  });

  it('edits without the password unless one is typed', () => {
    const values = agentFormValues(agent, library);
    expect(values.area).toEqual([330000, 330100, 330106]);
    expect(values.contract?.[0]?.toISOString()).toBe(agent.contractStartedAt);
    expect(toUpdateBody(values)).not.toHaveProperty('password');
    expect(toUpdateBody({ ...values, password: 'new-pass-1' }).password).toBe('new-pass-1');
    expect(toUpdateBody(values).extra).toEqual({ area: 330106, address: '文三路', margin: 10 });
  });

  it('puts a server error on the form field it names', () => {
    expect(formFieldOf('extra.area')).toEqual(['area']);
    expect(formFieldOf('contractEndedAt')).toEqual(['contract']);
    expect(formFieldOf('mobile')).toEqual(['mobile']);
    expect(formFieldOf('somethingElse')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});

describe('who may create lower agents', () => {
  it('needs a 合作等级 above 0, so 0 sees the notice instead of the form', () => {
    expect(canCreateAgents(0)).toBe(false);
    expect(canCreateAgents(undefined)).toBe(false);
    expect(canCreateAgents(1)).toBe(true);
  });
});

import { DEFAULT_IMAGE_TEMPLATE } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { headerBrandName } from './brand-name';

describe('headerBrandName', () => {
  it('shows the 平台名称 the agent set, as the tab title does', () => {
    expect(headerBrandName({ title: '云上发布会' }, { brandName: '演播' }, '演播')).toBe('云上发布会');
  });

  it('falls back to the brand name, then the product name, while the template keeps the default title', () => {
    expect(headerBrandName({ title: DEFAULT_IMAGE_TEMPLATE.title }, { brandName: '某某直播' }, '演播')).toBe(
      '某某直播',
    );
    expect(headerBrandName(undefined, undefined, '演播')).toBe('演播');
    expect(headerBrandName({ title: ' ' }, { brandName: '' }, '演播')).toBe('演播');
  });
});

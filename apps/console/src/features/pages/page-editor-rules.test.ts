import { emptyPageData, PAGE_COMPONENT_TYPES, type PageComponent, PORTAL_BANNER_AUTO_TIMER } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import {
  addComponent,
  firstIssue,
  moveComponent,
  newComponentId,
  removeComponent,
  replaceComponent,
} from './page-editor-rules';

const ids = (components: readonly PageComponent[]) => components.map((component) => component.id);

function pageOf(...types: PageComponent['type'][]): PageComponent[] {
  let components: PageComponent[] = [];
  for (const type of types) components = addComponent(components, type).components;
  return components;
}

describe('adding a component', () => {
  it('gives each of the 16 types its defaults and an id of its type', () => {
    expect(PAGE_COMPONENT_TYPES).toHaveLength(16);
    for (const type of PAGE_COMPONENT_TYPES) {
      const { components, added } = addComponent([], type);
      expect(added.type).toBe(type);
      expect(added.id).toBe(`${type}-1`);
      expect(components).toEqual([added]);
      // Every fresh component saves as it is: nothing required is left empty by its defaults.
      expect(firstIssue({ ...emptyPageData(), components })).toBeNull();
    }
  });

  it('starts a banner turning every 3000 ms with no pictures (seed 001 §9)', () => {
    const { added } = addComponent([], 'banner');
    expect(added).toMatchObject({ type: 'banner', autoTimer: PORTAL_BANNER_AUTO_TIMER, menuArr: [] });
    expect(PORTAL_BANNER_AUTO_TIMER).toBe(3000);
  });

  it('starts a navigation the way legacy ones convert: graphic, round, one line of 4 (seed 001 §4)', () => {
    const { added } = addComponent([], 'mobilesNav');
    expect(added).toMatchObject({ navStyle: 'graphic', borderStyle: 'round', showType: 'oneLine&4', menuArr: [] });
  });

  it('starts an activity list with the newest 6', () => {
    const { added } = addComponent([], 'activity');
    expect(added).toMatchObject({ source: { kind: 'new' }, num: 6 });
  });

  it('appends, numbering ids past those taken', () => {
    const components = pageOf('banner', 'activity', 'banner');
    expect(ids(components)).toEqual(['banner-1', 'activity-1', 'banner-2']);
    const afterRemoval = removeComponent(components, 'banner-1');
    expect(newComponentId(afterRemoval, 'banner')).toBe('banner-1');
    expect(newComponentId(afterRemoval, 'activity')).toBe('activity-2');
  });
});

describe('moving a component', () => {
  const components = pageOf('header', 'banner', 'activity', 'mobilesNav');

  it('puts a component dragged down where it was dropped', () => {
    expect(ids(moveComponent(components, 'banner-1', 'mobilesNav-1'))).toEqual([
      'header-1',
      'activity-1',
      'mobilesNav-1',
      'banner-1',
    ]);
  });

  it('puts a component dragged up where it was dropped', () => {
    expect(ids(moveComponent(components, 'mobilesNav-1', 'header-1'))).toEqual([
      'mobilesNav-1',
      'header-1',
      'banner-1',
      'activity-1',
    ]);
  });

  it('changes nothing for an unknown id or a drop on itself, and never changes the list it was given', () => {
    expect(ids(moveComponent(components, 'nope', 'header-1'))).toEqual(ids(components));
    expect(ids(moveComponent(components, 'banner-1', 'banner-1'))).toEqual(ids(components));
    moveComponent(components, 'header-1', 'activity-1');
    expect(ids(components)).toEqual(['header-1', 'banner-1', 'activity-1', 'mobilesNav-1']);
  });
});

describe('removing and replacing', () => {
  it('drops the elevator anchors that pointed at a removed component, so the page still saves', () => {
    let components = pageOf('banner', 'activity', 'elevator');
    const elevator = components[2] as Extract<PageComponent, { type: 'elevator' }>;
    components = replaceComponent(components, {
      ...elevator,
      anchors: [
        { title: '轮播', componentId: 'banner-1' },
        { title: '活动', componentId: 'activity-1' },
      ],
    });
    expect(firstIssue({ ...emptyPageData(), components })).toBeNull();
    const after = removeComponent(components, 'activity-1');
    expect(ids(after)).toEqual(['banner-1', 'elevator-1']);
    expect((after[1] as typeof elevator).anchors).toEqual([{ title: '轮播', componentId: 'banner-1' }]);
    expect(firstIssue({ ...emptyPageData(), components: after })).toBeNull();
  });
});

describe('what stops a save', () => {
  it('names the component and the field of the first issue', () => {
    const components = pageOf('header', 'banner');
    const banner = components[1] as Extract<PageComponent, { type: 'banner' }>;
    const broken = replaceComponent(components, {
      ...banner,
      menuArr: [{ image: '', title: '', link: { kind: 'none' } }],
    });
    expect(firstIssue({ ...emptyPageData(), components: broken })).toEqual({
      componentId: 'banner-1',
      path: 'menuArr.0.image',
      message: 'Picture is required',
    });
  });

  it('names the page settings when the issue is there', () => {
    const data = emptyPageData();
    const issue = firstIssue({ ...data, config: { ...data.config, icon: 'javascript:alert(1)' } });
    expect(issue).toMatchObject({ componentId: null, path: 'config.icon' });
  });
});

import { type ActivityCard, EMPTY_BOTTOM_NAV, type PageDataInput, pageData } from '@yanbo/contracts';
import type { PortalResolved } from '../src/index.ts';
import { renderPortalPage } from '../src/index.ts';

// Pages for the tests, made through the contract's own schema (its defaults filled in) as the server reads them.

export function card(id: number, name: string, more: Partial<ActivityCard> = {}): ActivityCard {
  return {
    id,
    name,
    type: 'live',
    cover: '',
    startedAt: null,
    status: 'enabled',
    progress: 'OnGoing',
    isPushing: false,
    pv: 0,
    watchUrl: `/watch/${id}`,
    ...more,
  };
}

export const resolved: PortalResolved = {
  activities: [
    card(11, '春季发布会', { isPushing: true, cover: 'activity/11/cover.jpg', pv: 120 }),
    card(12, '产品培训', { progress: 'NotStart' }),
    card(13, '往期回顾', { progress: 'Ended', cover: 'https://cdn.example/x.png' }),
    card(14, '点播课程', { type: 'video' }),
  ],
  sources: {},
  catalogs: {},
  bottomNav: EMPTY_BOTTOM_NAV,
};

export function render(
  components: PageDataInput['components'],
  more: Partial<PortalResolved> = {},
  config: PageDataInput['config'] = {},
): string {
  return renderPortalPage('测试页面', pageData.parse({ config, components }), { ...resolved, ...more });
}

/** The inside of the one section a single component makes. */
export function section(
  component: NonNullable<PageDataInput['components']>[number],
  more: Partial<PortalResolved> = {},
) {
  const html = render([component], more);
  return /<section [^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
}

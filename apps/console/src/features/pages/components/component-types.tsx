import {
  AppstoreOutlined,
  BookOutlined,
  ColumnHeightOutlined,
  CreditCardOutlined,
  CrownOutlined,
  FieldTimeOutlined,
  FileImageOutlined,
  LayoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  SearchOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { PageComponent, PageComponentType } from '@yanbo/contracts';
import type { ReactNode } from 'react';
import { componentTypeTexts, optionTexts } from '../../../locales/zh-CN/pages';

/** Each component type's icon in the palette and the list. */
export const componentTypeIcons: Record<PageComponentType, ReactNode> = {
  header: <LayoutOutlined />,
  banner: <PictureOutlined />,
  mobilesNav: <MenuOutlined />,
  activity: <VideoCameraOutlined />,
  video: <PlaySquareOutlined />,
  'activity-tab': <ProfileOutlined />,
  card: <CreditCardOutlined />,
  slogan: <NotificationOutlined />,
  graphic: <FileImageOutlined />,
  catalog: <BookOutlined />,
  sudokuNav: <AppstoreOutlined />,
  elevator: <ColumnHeightOutlined />,
  countdown: <FieldTimeOutlined />,
  brand: <CrownOutlined />,
  player: <PlayCircleOutlined />,
  search: <SearchOutlined />,
};

export const componentLabel = (component: Pick<PageComponent, 'type'>) => componentTypeTexts[component.type];

/** What a component shows, in a few words, for its row in the list. */
export function componentSummary(component: PageComponent): string {
  switch (component.type) {
    case 'header':
    case 'graphic':
    case 'countdown':
    case 'video':
      return component.title;
    case 'banner':
      return `${component.menuArr.length} 张图片`;
    case 'mobilesNav':
    case 'sudokuNav':
      return component.menuArr.map((entry) => entry.title).join('、');
    case 'activity':
      return [component.title, optionTexts.source[component.source.kind]].filter(Boolean).join(' · ');
    case 'activity-tab':
      return component.tabs.map((tab) => tab.title).join('、');
    case 'card':
      return `${component.items.length} 张卡片`;
    case 'slogan':
      return component.text;
    case 'catalog':
      return [component.title, `${component.catalogIds.length} 个合辑`].filter(Boolean).join(' · ');
    case 'elevator':
      return component.anchors.map((anchor) => anchor.title).join('、');
    case 'brand':
      return component.name;
    case 'search':
      return component.placeholder;
    case 'player':
      return component.activityId ? `#${component.activityId}` : '';
  }
}

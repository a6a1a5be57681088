import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarsOutlined,
  CloudDownloadOutlined,
  DollarOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  GiftOutlined,
  GlobalOutlined,
  HistoryOutlined,
  IdcardOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type MenuGroup, visibleMenu } from './menu';
import { menuKeyForPath } from './route-table';
import { menuGroupTitle, routeTitle } from './route-title';

const icons: Record<string, ReactNode> = {
  activities: <BarsOutlined />,
  catalogs: <FolderOpenOutlined />,
  ditches: <ShareAltOutlined />,
  'sensitive-words': <SafetyOutlined />,
  gifts: <GiftOutlined />,
  robots: <RobotOutlined />,
  enroll: <FormOutlined />,
  applications: <AppstoreOutlined />,
  download: <CloudDownloadOutlined />,
  crm: <TeamOutlined />,
  products: <ShoppingOutlined />,
  orders: <ShoppingCartOutlined />,
  financial: <AccountBookOutlined />,
  expense: <HistoryOutlined />,
  price: <DollarOutlined />,
  aggregation: <GlobalOutlined />,
  pages: <FileTextOutlined />,
  subaccounts: <UsergroupAddOutlined />,
  agents: <ApartmentOutlined />,
  agency: <ShopOutlined />,
  branding: <SettingOutlined />,
  account: <IdcardOutlined />,
};

interface SideMenuProps {
  isSubAgent: boolean;
  /** A collapsed sider has no room for group titles; dividers keep the groups apart. */
  collapsed: boolean;
}

export function SideMenu({ isSubAgent, collapsed }: SideMenuProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const groups = visibleMenu(isSubAgent);
  const paths = new Map(groups.flatMap((group) => group.items.map((item) => [item.key, item.path] as const)));
  const itemsOf = (group: MenuGroup) =>
    group.items.map((item) => ({ key: item.key, icon: icons[item.key], label: routeTitle(item.key) }));
  const items: MenuProps['items'] = collapsed
    ? groups.flatMap((group, index) => [
        ...(index > 0 ? [{ type: 'divider' as const, key: `divider.${group.key}` }] : []),
        ...itemsOf(group),
      ])
    : groups.map((group) => ({
        type: 'group' as const,
        key: `group.${group.key}`,
        label: menuGroupTitle(group.key),
        children: itemsOf(group),
      }));
  const selected = menuKeyForPath(pathname);
  const container = useRef<HTMLDivElement>(null);
  // Areas low in the list (agents, settings …) would otherwise be highlighted out of sight on a short screen.
  useEffect(() => {
    if (selected) container.current?.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return (
    // The menu scrolls inside the sider, above its collapse trigger, so the last item stays reachable.
    <div ref={container} style={{ height: '100%', overflowY: 'auto' }}>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => {
          const path = paths.get(key);
          if (path) navigate(path);
        }}
      />
    </div>
  );
}

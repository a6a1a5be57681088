import { Flex, Layout, Spin } from 'antd';
import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Brand } from './brand';
import { useMe } from './session';
import { SideMenu } from './side-menu';
import { useBranding } from './use-branding';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 56;

/** The console around every signed-in screen: header with brand and user, the area menu, the screen. */
export function ConsoleLayout() {
  useBranding();
  const me = useMe();
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(false);
  // Until /agent/me answers, treat the caller as a sub-account: better to show agent-only items late than to flash
  // them at someone who can't use them.
  const isSubAgent = me.data?.isSubAgent !== false;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          padding: '0 24px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Flex align="center" gap={16}>
            <Brand />
            {navigation.state !== 'idle' && <Spin size="small" />}
          </Flex>
          <UserMenu />
        </Flex>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={208}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          style={{
            position: 'sticky',
            top: HEADER_HEIGHT,
            height: `calc(100vh - ${HEADER_HEIGHT}px)`,
          }}
        >
          <SideMenu isSubAgent={isSubAgent} collapsed={collapsed} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

import { DownOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { Me } from '@yanbo/contracts';
import { Avatar, Dropdown, Flex, Spin, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useLogout } from '../features/account';
import { appTexts } from '../locales/zh-CN/app';
import { useMe } from './session';

/** A sub-account is known by its own username; an agent by its contact, else its mobile. */
function displayName(me: Me): string {
  if (me.isSubAgent && me.subagent) return me.subagent.remark || me.subagent.username;
  return me.contact || me.mobile;
}

/** The signed-in user in the header, with the way to the account page and out. */
export function UserMenu() {
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!me.data) return <Spin size="small" />;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'account', icon: <IdcardOutlined />, label: appTexts.accountInfo },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: appTexts.logout, disabled: logout.isPending },
        ],
        onClick: ({ key }) => {
          if (key === 'account') navigate('/user');
          if (key === 'logout') logout.mutate();
        },
      }}
    >
      <Flex align="center" gap={8} style={{ cursor: 'pointer' }} role="button" tabIndex={0}>
        <Avatar size="small" src={me.data.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Text>{displayName(me.data)}</Typography.Text>
        {me.data.isSubAgent && <Tag color="blue">{appTexts.subAccount}</Tag>}
        {me.data.impersonatedBy !== null && <Tag color="orange">{appTexts.impersonated}</Tag>}
        <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
      </Flex>
    </Dropdown>
  );
}

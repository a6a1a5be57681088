import {
  AppstoreOutlined,
  BarChartOutlined,
  CheckSquareOutlined,
  CommentOutlined,
  DashboardOutlined,
  DownloadOutlined,
  FormOutlined,
  GiftOutlined,
  LayoutOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { boardTexts as t } from '../../../locales/zh-CN/board';
import { BOARD_ENTRIES, type BoardEntryKey, boardEntryPath } from '../board-rules';

const icons: Record<BoardEntryKey, ReactNode> = {
  settings: <SettingOutlined />,
  liveConfig: <AppstoreOutlined />,
  template: <LayoutOutlined />,
  comments: <CommentOutlined />,
  liveOps: <DashboardOutlined />,
  interactions: <CheckSquareOutlined />,
  rewards: <GiftOutlined />,
  audience: <TeamOutlined />,
  stats: <BarChartOutlined />,
  exports: <DownloadOutlined />,
  products: <ShoppingOutlined />,
  registration: <FormOutlined />,
};

const tile = {
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  minWidth: 0,
  padding: '12px 14px',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  color: 'inherit',
} as const;

function EntryBody({ entry, enabled }: { entry: BoardEntryKey; enabled: boolean }) {
  return (
    <>
      <span
        style={{
          fontSize: 20,
          width: 40,
          height: 40,
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
          color: enabled ? '#1677ff' : 'rgba(0, 0, 0, 0.25)',
          background: enabled ? '#e6f4ff' : '#f5f5f5',
        }}
      >
        {icons[entry]}
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong disabled={!enabled}>
          {t[`board.entry.${entry}`]}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {t[`board.entry.${entry}.desc`]}
        </Typography.Text>
      </Flex>
    </>
  );
}

/** Every configuration screen of the activity; those not built yet say 即将开放. */
export function BoardEntries({ activityId }: { activityId: number }) {
  return (
    <Card title={t['board.entries.title']} size="small">
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {BOARD_ENTRIES.map((entry) => {
          const path = boardEntryPath(entry.route, activityId);
          return path ? (
            <Link key={entry.key} to={path} style={tile}>
              <EntryBody entry={entry.key} enabled />
            </Link>
          ) : (
            <Tooltip key={entry.key} title={t['board.entries.comingSoon']}>
              <div style={{ ...tile, cursor: 'not-allowed', background: '#fafafa' }} aria-disabled="true">
                <EntryBody entry={entry.key} enabled={false} />
              </div>
            </Tooltip>
          );
        })}
      </div>
    </Card>
  );
}

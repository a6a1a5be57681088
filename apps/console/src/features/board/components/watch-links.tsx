import { CopyOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Popover, QRCode, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { copyText } from '../../../app/copy-text';
import { useMe } from '../../../app/session';
import { boardTexts as t } from '../../../locales/zh-CN/board';
import { ditchListQuery } from '../../ditches';
import { watchUrl } from '../board-rules';

function CopyButton({ value, label }: { value: string; label: string }) {
  const { message } = App.useApp();
  return (
    <Button
      icon={<CopyOutlined />}
      aria-label={`${t['board.copy']}${label}`}
      onClick={async () => {
        if (await copyText(value)) message.success(t['board.copied']);
        else message.error(t['board.copyFailed']);
      }}
    >
      {t['board.copy']}
    </Button>
  );
}

/**
 * Where the audience watches: the activity's watch address with copy and a QR code to scan, and the address of each
 * ditch usable for it (issue 8: the board had neither). Built on the host the console was opened on, as ditch links.
 */
export function WatchLinks({ activityId }: { activityId: number }) {
  const me = useMe();
  const agentId = me.data?.id ?? 0;
  const ditches = useQuery({ ...ditchListQuery(agentId, { page: 1, activityId }), enabled: agentId > 0 });
  const origin = window.location.origin;
  const main = watchUrl(origin, activityId);
  const items = ditches.data?.items ?? [];
  const more = (ditches.data?.pager.total ?? 0) - items.length;
  return (
    <Card title={t['board.watch.title']} size="small" data-testid="board-watch" style={{ marginBottom: 16 }}>
      <Flex gap={16} align="flex-start" wrap>
        <QRCode value={main} size={132} bordered={false} data-testid="board-watch-qr" />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 280, maxWidth: 880 }}>
          <Typography.Text type="secondary">{t['board.watch.hint']}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={main}
              aria-label={t['board.watch.url']}
              style={{ fontFamily: 'monospace', fontSize: 13 }}
              data-testid="board-watch-url"
            />
            <CopyButton value={main} label={t['board.watch.url']} />
          </Space.Compact>
          <Typography.Text type="secondary" style={{ marginTop: 4 }}>
            {t['board.watch.ditches']}
          </Typography.Text>
          {items.length === 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {ditches.isLoading ? t['board.watch.loading'] : t['board.watch.noDitches']}{' '}
              <Link to="/ditch">{t['board.watch.manageDitches']}</Link>
            </Typography.Text>
          ) : (
            items.map((ditch) => {
              const url = watchUrl(origin, activityId, ditch.sign);
              return (
                <Flex key={ditch.sign} gap={8} align="center" data-testid="board-ditch-link">
                  <Typography.Text strong style={{ width: 96, flex: 'none' }} ellipsis={{ tooltip: ditch.name }}>
                    {ditch.name}
                  </Typography.Text>
                  <Typography.Text ellipsis={{ tooltip: url }} style={{ flex: 1, minWidth: 0, fontSize: 13 }}>
                    {url}
                  </Typography.Text>
                  <CopyButton value={url} label={ditch.name} />
                  <Popover
                    trigger="click"
                    title={t['board.watch.qrTitle'](ditch.name)}
                    content={<QRCode value={url} size={160} bordered={false} />}
                  >
                    <Button icon={<QrcodeOutlined />} aria-label={t['board.watch.qr'](ditch.name)} />
                  </Popover>
                </Flex>
              );
            })
          )}
          {more > 0 && (
            <Link to="/ditch" style={{ fontSize: 12 }}>
              {t['board.watch.moreDitches'](more)}
            </Link>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

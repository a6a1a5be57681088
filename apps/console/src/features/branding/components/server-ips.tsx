import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Skeleton, Typography } from 'antd';
import { resourceConfigQuery } from '../../../app/entry-queries';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';

const copyTooltips = [false, t['branding.copied']] as [false, string];

/** The server-IP list from the resource configuration, each address copyable, for the platforms' whitelists. */
export function ServerIps({ compact = false }: { compact?: boolean }) {
  const config = useQuery(resourceConfigQuery());
  if (!config.data) return <Skeleton active />;
  const ips = config.data.serverIps;
  const list = ips.length ? (
    <List
      size="small"
      bordered
      dataSource={ips}
      style={{ maxWidth: 420 }}
      renderItem={(ip) => (
        <List.Item>
          <Typography.Text code copyable={{ text: ip, tooltips: copyTooltips }} data-testid="server-ip">
            {ip}
          </Typography.Text>
        </List.Item>
      )}
    />
  ) : (
    <Empty description={t['branding.serverIps.empty']} />
  );
  if (compact) return list;
  return (
    <Card
      title={t['branding.serverIps.title']}
      extra={
        ips.length > 0 && (
          <Typography.Text
            copyable={{
              text: ips.join('\n'),
              tooltips: copyTooltips,
              icon: [
                <Button key="copy" size="small" icon={<CopyOutlined />}>
                  {t['branding.serverIps.copyAll']}
                </Button>,
                <Button key="copied" size="small" icon={<CopyOutlined />}>
                  {t['branding.copied']}
                </Button>,
              ],
            }}
          />
        )
      }
    >
      <Typography.Paragraph type="secondary">{t['branding.serverIps.hint']}</Typography.Paragraph>
      {list}
    </Card>
  );
}

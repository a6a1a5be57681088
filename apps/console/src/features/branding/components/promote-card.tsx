import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, QRCode, Row, Skeleton, Statistic, Typography } from 'antd';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';
import { promoteQuery } from '../api/promote';
import { absoluteLink } from '../branding-rules';

/** The agent's promotion: its code, its sign-up link and QR code, and how many sign-ups came through it. */
export function PromoteCard() {
  const promote = useQuery(promoteQuery());
  if (!promote.data) return <Skeleton active />;
  const link = absoluteLink(window.location.origin, promote.data.link);

  const download = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('#promote-qr canvas');
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = `promote-${promote.data.code}.png`;
    anchor.click();
  };

  return (
    <Card title={t['branding.promote.title']}>
      <Typography.Paragraph type="secondary">{t['branding.promote.hint']}</Typography.Paragraph>
      <Row gutter={32} align="middle">
        <Col flex="auto">
          <Flex vertical gap={24}>
            <Statistic
              title={t['branding.promote.invited']}
              value={promote.data.invitedCount}
              suffix={t['branding.promote.invitedUnit']}
            />
            <Descriptions
              column={1}
              items={[
                {
                  key: 'code',
                  label: t['branding.promote.code'],
                  children: <Typography.Text copyable>{promote.data.code}</Typography.Text>,
                },
                {
                  key: 'link',
                  label: t['branding.promote.link'],
                  children: (
                    <Typography.Text copyable data-testid="promote-link">
                      {link}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </Flex>
        </Col>
        <Col flex="none">
          <Flex vertical align="center" gap={8} id="promote-qr">
            <QRCode value={link} size={168} />
            <Button icon={<DownloadOutlined />} onClick={download}>
              {t['branding.promote.download']}
            </Button>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}

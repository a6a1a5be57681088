import { CheckOutlined, CrownFilled } from '@ant-design/icons';
import { fenToYuan, type PricePackage } from '@yanbo/contracts';
import { Button, Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import { priceTexts as t } from '../../../locales/zh-CN/price';

/** What a package grants, one line each. */
function grants(pkg: PricePackage): string[] {
  if (pkg.forActivity) return [t['price.card.forActivity'], t['price.card.flux'](pkg.fluxGb)];
  const lines = [
    t['price.card.activityQuota'](pkg.activityQuota),
    t['price.card.subagentQuota'](pkg.subagentQuota),
    t['price.card.flux'](pkg.fluxGb),
    t['price.card.storage'](pkg.storageGb),
    // Issue 13: the platform's fee on the audience's payments is stated with what the package grants.
    t['price.card.feeRate'](pkg.audienceFeeRate / 100),
  ];
  if (pkg.isUltimatePackage) lines.push(t['price.card.ultimate']);
  return lines;
}

export function PackageCards({
  packages,
  canBuy,
  onBuy,
}: {
  packages: PricePackage[];
  canBuy: boolean;
  onBuy: (pkg: PricePackage) => void;
}) {
  if (packages.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['price.card.empty']} />;
  }
  return (
    <Row gutter={[16, 16]}>
      {packages.map((pkg) => (
        <Col key={pkg.id} xs={24} md={12} xl={8}>
          <Card
            data-testid={`package-${pkg.id}`}
            style={{ height: '100%', borderColor: pkg.isUltimatePackage ? '#1677ff' : undefined }}
            styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }}
          >
            <Flex align="center" gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {pkg.name}
              </Typography.Title>
              {pkg.isUltimatePackage && (
                <Tag color="blue" icon={<CrownFilled />}>
                  {t['price.card.ultimate']}
                </Tag>
              )}
            </Flex>
            <Typography.Text type="secondary">{pkg.description}</Typography.Text>
            <div style={{ margin: '16px 0' }}>
              <Typography.Text style={{ fontSize: 28, fontWeight: 600, color: '#1677ff' }}>
                ¥{fenToYuan(pkg.price)}
              </Typography.Text>
              <Typography.Text type="secondary"> {t['price.card.perPeriod'](pkg.validityDays)}</Typography.Text>
            </div>
            <Flex vertical gap={6} style={{ flex: 1, marginBottom: 16 }}>
              {grants(pkg).map((line) => (
                <Typography.Text key={line}>
                  <CheckOutlined style={{ color: '#52c41a', marginInlineEnd: 8 }} />
                  {line}
                </Typography.Text>
              ))}
            </Flex>
            <Button type="primary" block disabled={!canBuy} onClick={() => onBuy(pkg)}>
              {t['price.card.buy']}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

import { SafetyCertificateFilled } from '@ant-design/icons';
import type { CurrentPackage, PricePackage } from '@yanbo/contracts';
import { Alert, Card, Descriptions, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { priceTexts as t } from '../../../locales/zh-CN/price';

/**
 * What the agent holds now: its package, until when, and what it grants; without one, the free plan's caps, which
 * are what the server enforces then (issue 8).
 */
export function CurrentPackageCard({
  current,
  freePlan,
  loading,
}: {
  current?: CurrentPackage;
  freePlan?: PricePackage;
  loading: boolean;
}) {
  if (loading || !current) {
    return (
      <Card title={t['price.current.title']} style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  const { expired } = current;
  return (
    <Card
      title={t['price.current.title']}
      style={{ marginBottom: 16 }}
      extra={
        current.hasContract && (
          <Tag color="gold" icon={<SafetyCertificateFilled />} data-testid="has-contract">
            {t['price.current.contract']}
          </Tag>
        )
      }
    >
      {current.packageId === null ? (
        <Empty
          style={{ margin: 0 }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text>{t['price.current.none']}</Typography.Text>
              <br />
              <Typography.Text data-testid="free-plan">
                {t['price.current.freePlan'](
                  freePlan?.name ?? '',
                  current.activityQuota,
                  current.subagentQuota,
                  current.fluxGb,
                  current.storageGb,
                )}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t['price.current.noneHint']}</Typography.Text>
            </>
          }
        />
      ) : (
        <>
          {expired && (
            <Alert type="warning" showIcon title={t['price.current.expiredHint']} style={{ marginBottom: 16 }} />
          )}
          <Descriptions
            data-testid="current-package"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              {
                key: 'package',
                label: t['price.current.package'],
                children: <Typography.Text strong>{current.packageName}</Typography.Text>,
              },
              {
                key: 'expiresAt',
                label: t['price.current.expiresAt'],
                children: (
                  <>
                    {current.expiresAt ? dayjs(current.expiresAt).format('YYYY-MM-DD HH:mm') : ''}
                    {expired && (
                      <Tag color="default" style={{ marginInlineStart: 8 }} data-testid="package-expired">
                        {t['price.current.expired']}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                key: 'activityQuota',
                label: t['price.current.activityQuota'],
                children: current.activityQuota,
              },
              { key: 'subagentQuota', label: t['price.current.subagentQuota'], children: current.subagentQuota },
              { key: 'flux', label: t['price.current.flux'], children: `${current.fluxGb} GB` },
              { key: 'storage', label: t['price.current.storage'], children: `${current.storageGb} GB` },
            ]}
          />
        </>
      )}
    </Card>
  );
}

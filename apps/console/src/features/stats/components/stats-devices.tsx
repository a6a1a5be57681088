import { useQuery } from '@tanstack/react-query';
import type { StatsRange } from '@yanbo/contracts';
import { Card, Col, Empty, Flex, Row, Spin, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { browserTexts, deviceTexts, statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsDeviceQuery } from '../api/stats-queries';
import { EChart, type EChartOption } from './echart';

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#bfbfbf', '#722ed1', '#13c2c2', '#eb2f96'];

const ring = (name: string, data: { name: string; value: number }[]): EChartOption => ({
  color: COLORS,
  tooltip: { trigger: 'item', formatter: '{a}<br/>{b}：{c}（{d}%）' },
  legend: { bottom: 0, itemWidth: 10, itemHeight: 10, textStyle: { fontSize: 12 } },
  series: [
    {
      name,
      type: 'pie',
      radius: ['36%', '66%'],
      center: ['50%', '45%'],
      label: { position: 'inside', formatter: '{d}%', color: '#fff', fontSize: 11 },
      data,
    },
  ],
});

/** Visits by device class and by browser family, as two rings. */
export function StatsDevices({ activityId, range }: { activityId: number; range: StatsRange }) {
  const device = useQuery(statsDeviceQuery(activityId, range));
  const data = device.data;
  const devices = useMemo(
    () =>
      ring(
        t['stats.device.devices'],
        (data?.devices ?? [])
          .filter((row) => row.visits > 0)
          .map((row) => ({ name: deviceTexts[row.device], value: row.visits })),
      ),
    [data],
  );
  const browsers = useMemo(
    () =>
      ring(
        t['stats.device.browsers'],
        (data?.browsers ?? []).map((row) => ({ name: browserTexts[row.browser], value: row.visits })),
      ),
    [data],
  );
  const empty = !data || data.total === 0;
  return (
    <Card size="small" title={t['stats.device.title']} style={{ height: '100%' }}>
      <Spin spinning={device.isFetching}>
        {empty ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={device.isError ? t['stats.loadFailed'] : t['stats.device.empty']}
            style={{ height: 260, paddingTop: 60 }}
          />
        ) : (
          <Row>
            {[
              { key: 'devices', title: t['stats.device.devices'], option: devices },
              { key: 'browsers', title: t['stats.device.browsers'], option: browsers },
            ].map((chart) => (
              <Col span={12} key={chart.key}>
                <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center' }}>
                  {chart.title}
                </Typography.Text>
                <EChart option={chart.option} height={250} testId={`stats-${chart.key}-chart`} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      {data && !empty && (
        <Flex gap={8} wrap justify="center" style={{ marginTop: 12 }} data-testid="stats-device-counts">
          {data.devices.map((row) => (
            <Tag key={row.device} data-testid={`stats-device-${row.device}`}>
              {t['stats.device.count'](deviceTexts[row.device], row.visits)}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { StatsRange, StatsRegion } from '@yanbo/contracts';
import { Card, Col, Empty, Row, Skeleton, Table, Typography } from 'antd';
import * as echarts from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { statsTexts as t } from '../../../locales/zh-CN/stats';
import { statsRegionQuery } from '../api/stats-queries';
import { EChart, type EChartOption } from './echart';

type Province = StatsRegion['provinces'][number] & { cities: StatsRegion['cities'] };

/** The map of China and its chunk, fetched once, the first time a region tab opens. */
let chinaMap: Promise<typeof import('./china-map')> | undefined;
const loadChinaMap = () => {
  chinaMap ??= import('./china-map');
  return chinaMap;
};

const share = (visits: number, total: number) => (total ? `${((visits / total) * 100).toFixed(1)}%` : '0%');

/**
 * The 地域 tab (seed 001 §2 "region"): where the range's visits came from, by the viewer's address when it visited — a
 * map of China shaded by visits, and the provinces with their cities in a table (局域网, 海外 and 未知 too).
 */
export function StatsRegionTab({ activityId, range }: { activityId: number; range: StatsRange }) {
  const region = useQuery(statsRegionQuery(activityId, range));
  const data = region.data;
  const [map, setMap] = useState<{ name: string; provinces: Set<string> } | null>(null);
  useEffect(() => {
    let live = true;
    loadChinaMap().then((loaded) => {
      if (live) setMap({ name: loaded.CHINA_MAP, provinces: loaded.mapProvinces });
    });
    return () => {
      live = false;
    };
  }, []);

  const provinces = useMemo<Province[]>(
    () =>
      (data?.provinces ?? []).map((province) => ({
        ...province,
        cities: (data?.cities ?? []).filter((city) => city.province === province.province),
      })),
    [data],
  );

  const option = useMemo<EChartOption | null>(() => {
    if (!map) return null;
    const onMap = provinces.filter((province) => map.provinces.has(province.province));
    const most = Math.max(1, ...onMap.map((province) => province.visits));
    return {
      tooltip: {
        trigger: 'item',
        formatter: (item: { name: string; data?: { value: number; viewers: number } }) =>
          t['stats.region.tooltip'](
            echarts.format.encodeHTML(item.name),
            item.data?.value ?? 0,
            item.data?.viewers ?? 0,
          ),
      },
      visualMap: {
        min: 0,
        max: most,
        left: 8,
        bottom: 8,
        calculable: true,
        inRange: { color: ['#e6f4ff', '#1677ff'] },
      },
      series: [
        {
          type: 'map',
          map: map.name,
          roam: false,
          emphasis: { label: { show: true } },
          data: onMap.map((province) => ({
            name: province.province,
            value: province.visits,
            viewers: province.viewers,
          })),
        },
      ],
    };
  }, [map, provinces]);

  const total = data?.total ?? 0;
  return (
    <Card size="small" title={t['stats.region.title']} loading={region.isLoading} data-testid="stats-region">
      {region.isError && !data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['stats.loadFailed']} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={13}>
            {option ? (
              <EChart option={option} height={460} testId="stats-region-map" />
            ) : (
              <Skeleton.Node active style={{ width: '100%', height: 460 }} />
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['stats.region.outsideMap']}
            </Typography.Text>
          </Col>
          <Col xs={24} xl={11}>
            <Table<Province>
              size="small"
              rowKey="province"
              data-testid="stats-region-table"
              dataSource={provinces}
              pagination={false}
              scroll={{ y: 440 }}
              locale={{ emptyText: t['stats.region.empty'] }}
              expandable={{
                rowExpandable: (province) => province.cities.length > 0,
                expandedRowRender: (province) => (
                  <Table
                    size="small"
                    rowKey={(city) => `${city.province}|${city.city}`}
                    dataSource={province.cities}
                    pagination={false}
                    showHeader={false}
                    columns={[
                      {
                        key: 'city',
                        render: (_, city) => city.city || t['stats.region.unknownCity'],
                      },
                      { key: 'visits', dataIndex: 'visits', width: 90, align: 'right' },
                      { key: 'viewers', dataIndex: 'viewers', width: 80, align: 'right' },
                      { key: 'share', width: 70, align: 'right', render: (_, city) => share(city.visits, total) },
                    ]}
                  />
                ),
              }}
              columns={[
                { title: t['stats.region.province'], dataIndex: 'province', key: 'province' },
                { title: t['stats.region.visits'], dataIndex: 'visits', key: 'visits', width: 90, align: 'right' },
                { title: t['stats.region.viewers'], dataIndex: 'viewers', key: 'viewers', width: 80, align: 'right' },
                {
                  title: t['stats.region.share'],
                  key: 'share',
                  width: 70,
                  align: 'right',
                  render: (_, province) => share(province.visits, total),
                },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

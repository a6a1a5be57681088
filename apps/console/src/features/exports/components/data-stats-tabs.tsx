import { ExportOutlined } from '@ant-design/icons';
import { DATA_STATS_TABS, type StatsRange } from '@yanbo/contracts';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { exportKindTexts, exportTexts as t } from '../../../locales/zh-CN/exports';
import { DataStatsTable } from './data-stats-table';
import { ExportPanel } from './export-panel';

/**
 * 数据统计: the data-statistics tabs of seed 001 §2 — sign-in form, WeChat users, subscribed mobiles, user watch,
 * comments, paid-view income, gift-reward income, votes, shares, allowed mobiles — each a table with its total and
 * its download; and the data export panel.
 */
export function DataStatsTabs({ activityId, range }: { activityId: number; range: StatsRange }) {
  const [active, setActive] = useState<(typeof DATA_STATS_TABS)[number]>(DATA_STATS_TABS[0]);
  const [panel, setPanel] = useState(false);
  return (
    <Card size="small" data-testid="data-stats">
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as (typeof DATA_STATS_TABS)[number])}
        destroyOnHidden
        tabBarExtraContent={
          <Button icon={<ExportOutlined />} onClick={() => setPanel(true)} data-testid="export-panel-open">
            {t['exports.open']}
          </Button>
        }
        items={DATA_STATS_TABS.map((kind) => ({
          key: kind,
          label: <span data-testid={`data-stats-tab-${kind}`}>{exportKindTexts[kind]}</span>,
          children: (
            <DataStatsTable
              key={`${range.startTime}:${range.endTime}`}
              activityId={activityId}
              kind={kind}
              range={range}
            />
          ),
        }))}
      />
      <ExportPanel
        key={active}
        activityId={activityId}
        range={range}
        open={panel}
        onClose={() => setPanel(false)}
        initialKind={active}
      />
    </Card>
  );
}

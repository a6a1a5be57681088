import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Button, Card, Empty, Flex, Statistic, Tooltip, Typography } from 'antd';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { chatReportQuery } from '../api/chat-report';
import { reportBars } from '../comment-rules';

const COUNTS = ['pending', 'passed', 'failed', 'deleted', 'robot'] as const;
/** The latest hours shown as bars. */
const HOURS_SHOWN = 12;

/** The chat report: comments per status, and per hour as small bars (viewers and robots). */
export function ChatReportCard({ activityId }: { activityId: number }) {
  const report = useQuery(chatReportQuery(activityId));
  const bars = reportBars(report.data?.hours.slice(-HOURS_SHOWN) ?? []);
  return (
    <Card
      size="small"
      title={t['comments.report.title']}
      loading={report.isLoading}
      extra={
        <Tooltip title={t['comments.report.refresh']}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            loading={report.isFetching}
            aria-label={t['comments.report.refresh']}
            onClick={() => report.refetch()}
          />
        </Tooltip>
      }
    >
      <Flex justify="space-between" gap={8} wrap>
        {COUNTS.map((key) => (
          <Statistic
            key={key}
            title={t[`comments.report.${key}`]}
            value={report.data?.counts[key] ?? 0}
            styles={{ content: { fontSize: 18 } }}
          />
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '12px 0 6px', fontSize: 12 }}>
        {t['comments.report.hours']}
      </Typography.Text>
      {bars.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['comments.report.empty']} />
      ) : (
        <Flex vertical gap={4} data-testid="chat-report-hours">
          {bars.map((bar) => (
            <Tooltip
              key={bar.hour}
              title={`${t['comments.report.viewers']} ${bar.comments} · ${t['comments.report.robots']} ${bar.robotComments}`}
            >
              <Flex align="center" gap={8}>
                <Typography.Text type="secondary" style={{ width: 84, fontSize: 12, flex: 'none' }}>
                  {`${formatBeijingTime(bar.hour).slice(5, 13)}:00`}
                </Typography.Text>
                <Flex style={{ flex: 1, height: 10, background: '#f5f5f5', borderRadius: 5, overflow: 'hidden' }}>
                  <div
                    style={{
                      width: `${(bar.share * bar.comments * 100) / Math.max(1, bar.total)}%`,
                      background: '#1677ff',
                    }}
                  />
                  <div
                    style={{
                      width: `${(bar.share * bar.robotComments * 100) / Math.max(1, bar.total)}%`,
                      background: '#b37feb',
                    }}
                  />
                </Flex>
                <Typography.Text style={{ width: 32, textAlign: 'right', fontSize: 12, flex: 'none' }}>
                  {bar.total}
                </Typography.Text>
              </Flex>
            </Tooltip>
          ))}
        </Flex>
      )}
    </Card>
  );
}

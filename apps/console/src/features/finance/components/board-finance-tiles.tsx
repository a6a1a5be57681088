import { useQuery } from '@tanstack/react-query';
import { rewardCalls } from '@yanbo/contracts';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../../app/http';
import { useMe } from '../../../app/session';
import { financeViewTexts as t } from '../../../locales/zh-CN/finance-views';
import { activityEarningsQuery } from '../api/views';
import { yuan } from '../finance-views-rules';

/** The board's earnings and red-pack balance tiles (seed 001 §7 "red-pack balance, earnings (total)"). */
export function BoardFinanceTiles({ activityId }: { activityId: number }) {
  const me = useMe();
  const earnings = useQuery(activityEarningsQuery(activityId));
  const redPack = useQuery({
    queryKey: ['finance', 'views', 'red-pack-balance'] as const,
    queryFn: ({ signal }) => api(rewardCalls.getRedPackBalance, { signal }),
  });
  return (
    <Card
      size="small"
      title={t['financeViews.board.title']}
      style={{ marginBottom: 16 }}
      extra={me.data?.isSubAgent ? null : <Link to="/financial">{t['financeViews.board.toFinance']}</Link>}
    >
      <Row gutter={[16, 12]}>
        <Col xs={12} md={8}>
          <Statistic
            title={t['financeViews.board.earnings']}
            value={yuan(earnings.data?.totalEarnings ?? 0)}
            loading={earnings.isLoading}
            valueStyle={{ color: '#1677ff' }}
            data-testid="board-earnings"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t['financeViews.board.detail'](yuan(earnings.data?.giftReward ?? 0), yuan(earnings.data?.perView ?? 0))}
          </Typography.Text>
        </Col>
        <Col xs={12} md={8}>
          <Statistic
            title={t['financeViews.board.redPack']}
            value={yuan(redPack.data?.balance ?? 0)}
            loading={redPack.isLoading}
            valueStyle={{ color: '#cf1322' }}
            data-testid="board-red-pack"
          />
        </Col>
      </Row>
    </Card>
  );
}

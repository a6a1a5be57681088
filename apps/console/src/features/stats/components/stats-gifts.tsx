import type { StatsRange } from '@yanbo/contracts';
import { Col, Row } from 'antd';
import { SentGiftsCard, TopGiftRank } from '../../gifts';

/** 礼物: the top givers (top 10, the top 100 as a download) and the gifts as they were sent. */
export function StatsGifts({ activityId }: { activityId: number; range: StatsRange }) {
  return (
    <Row gutter={[16, 16]} data-testid="stats-gifts">
      <Col xs={24} xl={12}>
        <TopGiftRank activityId={activityId} />
      </Col>
      <Col xs={24} xl={12}>
        <SentGiftsCard activityId={activityId} />
      </Col>
    </Row>
  );
}

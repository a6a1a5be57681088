import { useQuery } from '@tanstack/react-query';
import { fenToYuan } from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { Avatar, Card, Empty, List, Typography } from 'antd';
import { giftTexts as t } from '../../../locales/zh-CN/gifts';
import { useConsoleEvents } from '../../activities';
import { sentGiftsQuery } from '../api/sent-gifts';

/** 礼物消息: the latest gifts the viewers sent, as the chat shows them, following new ones live. */
export function SentGiftsCard({ activityId }: { activityId: number }) {
  useConsoleEvents();
  const sent = useQuery(sentGiftsQuery(activityId));
  const items = sent.data?.items ?? [];
  return (
    <Card size="small" title={t['gifts.sent.title']} loading={sent.isLoading} data-testid="sent-gifts">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['gifts.sent.empty']} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(gift) => (
            <List.Item
              extra={
                <Typography.Text type={gift.amount > 0 ? undefined : 'secondary'}>
                  {gift.amount > 0 ? t['gifts.sent.amount'](fenToYuan(gift.amount)) : t['gifts.sent.free']}
                </Typography.Text>
              }
              data-testid="sent-gift"
            >
              <List.Item.Meta
                avatar={<Avatar shape="square" src={gift.icon} />}
                title={
                  <Typography.Text ellipsis>
                    {gift.nickname} {t['gifts.sent.line'](gift.name, gift.count)}
                  </Typography.Text>
                }
                description={formatBeijingTime(gift.createdAt).slice(5)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

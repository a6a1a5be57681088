import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { fenToYuan } from '@yanbo/contracts';
import { Avatar, Button, Card, Empty, List, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { showError } from '../../../app/http';
import { giftTexts as t } from '../../../locales/zh-CN/gifts';
import { useConsoleEvents } from '../../activities';
import { downloadTopGifts, topGiftsQuery } from '../api/sent-gifts';

const MEDALS = ['#f5a623', '#a0a7b4', '#c77c48'];

/**
 * 礼物榜: the activity's top 10 givers (the rank tab's top-gift half; the top-share list sits beside it), following
 * new gifts live, with the top 100 as a CSV download.
 */
export function TopGiftRank({ activityId }: { activityId: number }) {
  useConsoleEvents();
  const top = useQuery(topGiftsQuery(activityId));
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadTopGifts(activityId);
    } catch (error) {
      void showError(error);
    } finally {
      setDownloading(false);
    }
  };
  const items = top.data?.items ?? [];
  return (
    <Card
      size="small"
      title={
        <Tooltip title={t['gifts.top.hint']}>
          <span>{t['gifts.top.title']}</span>
        </Tooltip>
      }
      loading={top.isLoading}
      extra={
        <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
          {t['gifts.top.download']}
        </Button>
      }
      data-testid="top-gift-rank"
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['gifts.top.empty']} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              extra={<Typography.Text strong>{t['gifts.sent.amount'](fenToYuan(item.amount))}</Typography.Text>}
              data-testid="top-gift-item"
            >
              <List.Item.Meta
                avatar={
                  <Avatar size="small" style={{ background: MEDALS[item.rank - 1] ?? '#1677ff' }}>
                    {item.rank}
                  </Avatar>
                }
                title={item.nickname}
                description={t['gifts.top.count'](item.count)}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

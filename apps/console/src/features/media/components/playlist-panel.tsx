import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MEDIA_STATUSES, type MediaStatus, type Playlist } from '@yanbo/contracts';
import { Button, Card, Empty, Flex, Input, List, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toastSuccess } from '../../../app/feedback';
import { mediaTexts as t } from '../../../locales/zh-CN/media';
import { readyMediaQuery } from '../api/media-library';
import { playlistQuery, useSavePlaylist } from '../api/media-slots';
import { formatDuration } from '../media-rules';
import { MediaStatusTag } from './media-status-tag';

type Item = Playlist['items'][number];

/** The activity's playlist: media played in order, optionally looping. */
export function PlaylistPanel({ activityId }: { activityId: number }) {
  const playlist = useQuery(playlistQuery(activityId));
  const library = useQuery(readyMediaQuery());
  const save = useSavePlaylist(activityId);
  const [items, setItems] = useState<Item[]>([]);
  const [loop, setLoop] = useState(false);
  useEffect(() => {
    if (!playlist.data) return;
    setItems(playlist.data.items);
    setLoop(playlist.data.loop);
  }, [playlist.data]);

  const move = (from: number, to: number) =>
    setItems((list) => {
      const next = [...list];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });

  return (
    <Card
      title={t['media.playlist.title']}
      loading={playlist.isLoading}
      extra={
        <Space wrap>
          <Select<number>
            style={{ width: 220 }}
            placeholder={t['media.playlist.add']}
            value={null as unknown as number}
            showSearch={{ optionFilterProp: 'label' }}
            options={(library.data?.items ?? []).map((media) => ({
              value: media.id,
              label: media.name || `#${media.id}`,
            }))}
            onChange={(id) => {
              const media = library.data?.items.find((item) => item.id === id);
              if (!media) return;
              setItems((list) => [
                ...list,
                {
                  mediaId: media.id,
                  title: '',
                  name: media.name,
                  status: media.status,
                  url: media.url,
                  durationSeconds: media.durationSeconds,
                },
              ]);
            }}
          />
          <Space size={6}>
            <Switch checked={loop} onChange={setLoop} />
            <Typography.Text>{t['media.playlist.loop']}</Typography.Text>
          </Space>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { items: items.map((item) => ({ mediaId: item.mediaId, title: item.title })), loop },
                { onSuccess: () => toastSuccess(t['media.saved']) },
              )
            }
          >
            {t['media.save']}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t['media.playlist.hint']}</Typography.Paragraph>
      <List
        bordered
        dataSource={items}
        locale={{ emptyText: <Empty description={t['media.playlist.empty']} /> }}
        renderItem={(item, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              />,
              <Button
                key="remove"
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
              />,
            ]}
          >
            <Flex gap={12} align="center" style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text type="secondary">{index + 1}</Typography.Text>
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {item.name}
              </Typography.Text>
              {(MEDIA_STATUSES as readonly string[]).includes(item.status) && (
                <MediaStatusTag status={item.status as MediaStatus} />
              )}
              <Typography.Text type="secondary">{formatDuration(item.durationSeconds)}</Typography.Text>
              <Input
                size="small"
                style={{ maxWidth: 220 }}
                placeholder={t['media.playlist.itemTitle']}
                maxLength={100}
                value={item.title}
                onChange={(event) =>
                  setItems((list) =>
                    list.map((entry, i) => (i === index ? { ...entry, title: event.target.value } : entry)),
                  )
                }
              />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

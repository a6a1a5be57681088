import { OrderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { StatsRange, TopShareEntry } from '@yanbo/contracts';
import { Button, Empty, Flex, Modal, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { statsAudienceTexts as t } from '../../../locales/zh-CN/stats-audience';
import { InvitationStats } from '../../invitations';
import { topShareRanksQuery } from '../api/stats-audience-queries';

/**
 * 达人榜: the viewers who brought the most viewers (seed 001 §7: guestCount descending), the top 10 with whom each
 * brought, and the whole list to rank 100 (seed 001 §9).
 */
export function StatsTalent({ activityId }: { activityId: number; range: StatsRange }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)} data-testid="talent-ranks-open">
          {t['statsAudience.talent.ranks']}
        </Button>
      </Flex>
      <InvitationStats activityId={activityId} />
      <Modal
        title={t['statsAudience.talent.ranks']}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        {open && <TalentRanks activityId={activityId} />}
      </Modal>
    </>
  );
}

function TalentRanks({ activityId }: { activityId: number }) {
  const ranks = useQuery(topShareRanksQuery(activityId));
  return (
    <Table<TopShareEntry>
      size="small"
      rowKey="inviterId"
      dataSource={ranks.data?.items}
      loading={ranks.isFetching}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      data-testid="talent-ranks"
      columns={[
        { title: t['statsAudience.talent.rank'], dataIndex: 'rank', key: 'rank', width: 72 },
        { title: t['statsAudience.talent.inviter'], dataIndex: 'nickname', key: 'nickname', ellipsis: true },
        {
          title: t['statsAudience.talent.guestCount'],
          dataIndex: 'guestCount',
          key: 'guestCount',
          width: 110,
          align: 'right',
        },
        {
          title: t['statsAudience.talent.lastInvitedAt'],
          dataIndex: 'lastInvitedAt',
          key: 'lastInvitedAt',
          width: 180,
          render: (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-'),
        },
      ]}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={ranks.isError ? t['statsAudience.loadFailed'] : t['statsAudience.talent.empty']}
          />
        ),
      }}
    />
  );
}

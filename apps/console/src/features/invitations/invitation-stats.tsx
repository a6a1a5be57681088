import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INVITEE_PAGE_SIZE, type Invitee, invitationCalls, type TopShareEntry } from '@yanbo/contracts';
import { Button, Card, Col, Empty, Row, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/http';
import { invitationsTexts as t } from '../../locales/zh-CN/invitations';

// The statistics' invitation area (issue 10): the top-share ranking (GET /v3/activity/{id}/top-share), who invited
// whom (GET /v3/activity/{id}/invitee, one inviter's with invitedBy) and the ditches' ranking (top-promotion).

const quiet = { meta: { silent: true }, retry: false, placeholderData: keepPreviousData } as const;

/** GET /v3/activity/{id}/top-share */
export const topShareQuery = (id: number) =>
  queryOptions({
    queryKey: ['invitations', id, 'top-share'] as const,
    queryFn: ({ signal }) => api(invitationCalls.listTopShare, { params: { id }, signal }),
    ...quiet,
  });

const inviteesQuery = (id: number, page: number, invitedBy: string | undefined) =>
  queryOptions({
    queryKey: ['invitations', id, 'invitees', page, invitedBy ?? ''] as const,
    queryFn: ({ signal }) =>
      api(invitationCalls.listInvitees, {
        params: { id },
        query: { page, pageSize: INVITEE_PAGE_SIZE, invitedBy },
        signal,
      }),
    ...quiet,
  });

export const topPromotionQuery = (id: number) =>
  queryOptions({
    queryKey: ['invitations', id, 'top-promotion'] as const,
    queryFn: ({ signal }) => api(invitationCalls.listTopPromotion, { params: { id }, signal }),
    ...quiet,
  });

const shortId = (value: string) => (
  <Tooltip title={value}>
    <Typography.Text code>{value.slice(0, 8)}</Typography.Text>
  </Tooltip>
);
const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-');

/** 达人榜: the top-share ranking (guestCount descending) and who each inviter brought. */
export function InvitationStats({ activityId }: { activityId: number }) {
  const [inviter, setInviter] = useState<TopShareEntry | null>(null);
  const [page, setPage] = useState(1);
  const top = useQuery(topShareQuery(activityId));
  const invitees = useQuery(inviteesQuery(activityId, page, inviter?.inviterId));

  const topColumns: TableColumnsType<TopShareEntry> = [
    { title: t['invitations.rank'], dataIndex: 'rank', key: 'rank', width: 64 },
    {
      title: t['invitations.inviter'],
      key: 'inviter',
      ellipsis: true,
      render: (_, row) => (
        <>
          {row.nickname} {shortId(row.inviterId)}
        </>
      ),
    },
    { title: t['invitations.invitees'], dataIndex: 'guestCount', key: 'guestCount', width: 96, align: 'right' },
    {
      title: t['invitations.lastInvitedAt'],
      dataIndex: 'lastInvitedAt',
      key: 'lastInvitedAt',
      width: 170,
      render: time,
    },
    {
      title: '',
      key: 'action',
      width: 100,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setInviter(row);
            setPage(1);
          }}
        >
          {t['invitations.showInvitees']}
        </Button>
      ),
    },
  ];
  const inviteeColumns: TableColumnsType<Invitee> = [
    { title: t['invitations.invitee'], dataIndex: 'inviteeId', key: 'inviteeId', render: shortId },
    {
      title: t['invitations.inviter'],
      key: 'inviter',
      ellipsis: true,
      render: (_, row) => row.inviterNickname,
    },
    { title: t['invitations.invitedAt'], dataIndex: 'invitedAt', key: 'invitedAt', width: 170, render: time },
  ];

  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="invitation-stats">
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title={
            <Tooltip title={t['invitations.topShare.hint']}>
              <span>{t['invitations.topShare']}</span>
            </Tooltip>
          }
        >
          <Table<TopShareEntry>
            size="small"
            rowKey="inviterId"
            columns={topColumns}
            dataSource={top.data?.items}
            loading={top.isFetching}
            pagination={false}
            data-testid="top-share-table"
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={top.isError ? t['invitations.loadFailed'] : t['invitations.topShare.empty']}
                />
              ),
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card
          size="small"
          title={inviter ? t['invitations.inviteeListOf'](inviter.nickname) : t['invitations.inviteeList']}
          extra={
            inviter && (
              <Button
                size="small"
                onClick={() => {
                  setInviter(null);
                  setPage(1);
                }}
              >
                {t['invitations.allInvitees']}
              </Button>
            )
          }
        >
          <Table<Invitee>
            size="small"
            rowKey="inviteeId"
            columns={inviteeColumns}
            dataSource={invitees.data?.items}
            loading={invitees.isFetching}
            data-testid="invitee-table"
            pagination={{
              current: page,
              pageSize: INVITEE_PAGE_SIZE,
              total: invitees.data?.pager.total ?? 0,
              onChange: setPage,
              hideOnSinglePage: true,
              showSizeChanger: false,
            }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={invitees.isError ? t['invitations.loadFailed'] : t['invitations.inviteeEmpty']}
                />
              ),
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** 推广排行: the ditches (promotion channels) that brought the most visits. */
export function TopPromotionRank({ activityId }: { activityId: number }) {
  const promotion = useQuery(topPromotionQuery(activityId));
  return (
    <Card size="small" title={t['invitations.topPromotion']} data-testid="top-promotion-rank">
      <Table
        size="small"
        rowKey="sign"
        dataSource={promotion.data?.items}
        loading={promotion.isFetching}
        pagination={false}
        columns={[
          { title: t['invitations.rank'], dataIndex: 'rank', key: 'rank', width: 64 },
          { title: t['invitations.ditch'], dataIndex: 'name', key: 'name', ellipsis: true },
          { title: t['invitations.visits'], dataIndex: 'visits', key: 'visits', width: 120, align: 'right' },
        ]}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={promotion.isError ? t['invitations.loadFailed'] : t['invitations.topPromotion.empty']}
            />
          ),
        }}
      />
    </Card>
  );
}

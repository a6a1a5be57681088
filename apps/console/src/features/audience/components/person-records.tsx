import { useQuery } from '@tanstack/react-query';
import {
  AUDIENCE_RECORD_KINDS,
  AUDIENCE_RECORD_PAGE_SIZE,
  type AudienceRecord,
  type AudienceRecordKind,
} from '@yanbo/contracts';
import { Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  COMMENT_STATUS_TEXTS,
  DEVICE_TEXTS,
  RECORD_TAB_TEXTS,
  audienceTexts as t,
} from '../../../locales/zh-CN/audience';
import { recordsQuery } from '../api/audience';

const WITH_AMOUNT: readonly AudienceRecordKind[] = ['pay', 'gift', 'hb'];

function detailText(kind: AudienceRecordKind, record: AudienceRecord): string {
  if (kind === 'comment') return COMMENT_STATUS_TEXTS[record.detail] ?? record.detail;
  if (kind === 'visits') return DEVICE_TEXTS[record.detail] ?? record.detail;
  return record.detail;
}

function RecordTable({ agentId, userId, kind }: { agentId: number; userId: number; kind: AudienceRecordKind }) {
  const [page, setPage] = useState(1);
  const records = useQuery(recordsQuery(agentId, userId, kind, page));
  const columns: ColumnsType<AudienceRecord> = [
    {
      title: t['audience.record.activity'],
      dataIndex: 'activityName',
      render: (name: string, record) => <Link to={`/board/${record.activityId}`}>{name}</Link>,
    },
    {
      title: RECORD_TAB_TEXTS[kind].text,
      dataIndex: 'text',
      render: (text: string) => text || (kind === 'visits' ? t['audience.noDitch'] : '—'),
    },
  ];
  if (!['share', 'checkin', 'gift', 'hb'].includes(kind)) {
    columns.push({ title: t['audience.record.detail'], key: 'detail', render: (_, r) => detailText(kind, r) || '—' });
  }
  if (kind === 'visits') {
    columns.push({
      title: t['audience.record.watch'],
      dataIndex: 'watchSeconds',
      render: (seconds: number | null) => t['audience.seconds'](seconds ?? 0),
    });
  }
  if (WITH_AMOUNT.includes(kind)) {
    columns.push({
      title: t['audience.record.amount'],
      dataIndex: 'amount',
      render: (fen: number | null) => t['audience.yuan'](fen ?? 0),
    });
  }
  columns.push({
    title: t['audience.record.at'],
    dataIndex: 'at',
    width: 180,
    render: (at: string) => new Date(at).toLocaleString('zh-CN', { hour12: false }),
  });
  return (
    <Table<AudienceRecord>
      rowKey="id"
      size="small"
      dataSource={records.data?.items ?? []}
      loading={records.isFetching}
      columns={columns}
      pagination={{
        current: page,
        pageSize: AUDIENCE_RECORD_PAGE_SIZE,
        total: records.data?.pager.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
    />
  );
}

/** The person's records as tabs (seed 001 §3 "Per-user records"), each loaded when opened. */
export function PersonRecords({ agentId, userId }: { agentId: number; userId: number }) {
  return (
    <Tabs
      destroyOnHidden
      items={AUDIENCE_RECORD_KINDS.map((kind) => ({
        key: kind,
        label: RECORD_TAB_TEXTS[kind].tab,
        children: <RecordTable agentId={agentId} userId={userId} kind={kind} />,
      }))}
    />
  );
}

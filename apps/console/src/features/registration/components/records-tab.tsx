import { DownloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  mobile as mobileSchema,
  REGISTRATION_RECORD_PAGE_SIZE,
  type Registration,
  type RegistrationRecord,
  type ReviewStatus,
  registrationCalls,
} from '@yanbo/contracts';
import { Button, Dropdown, Empty, Flex, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { registrationTexts as t } from '../../../locales/zh-CN/registration';
import { downloadFile } from '../../exports';
import {
  bindingsQuery,
  type RecordFilters,
  recordsQuery,
  registrationErrorText,
  useRegistrationMutations,
} from '../api/registration';

const STATUS_COLOR: Record<ReviewStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** An answer as the table shows it: a choice's options joined, a region by its code, a file as its link. */
function answerText(value: unknown): React.ReactNode {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.join('、');
  if (typeof value === 'string' && value.startsWith('/files/')) {
    return (
      <a href={value} target="_blank" rel="noreferrer">
        {value.split('/').at(-1)}
      </a>
    );
  }
  return String(value);
}

/** A form's records: filter by status and mobile, review each person (通过 / 拒绝 with a reason), whitelist, the CSV. */
export function RecordsTab({ registration }: { registration: Registration }) {
  const enroll = registration.kind === 'enroll';
  const [filters, setFilters] = useState<RecordFilters>({ page: 1 });
  const [rejecting, setRejecting] = useState<RegistrationRecord | null>(null);
  const [reason, setReason] = useState('');
  const [whitelisting, setWhitelisting] = useState(false);
  const [mobiles, setMobiles] = useState('');
  const records = useQuery(recordsQuery(registration.id, filters));
  const bound = useQuery(bindingsQuery(registration.id, 1));
  const { review, whitelist, removeRecord } = useRegistrationMutations();
  const answerFields = registration.fields.filter((field) => field.type !== 'mobile');

  const download = (activityId: number) =>
    downloadFile(registrationCalls.downloadRegistration, { params: { id: activityId } }).catch(async (error) =>
      feedback().message.error(await registrationErrorText(error)),
    );
  const boundActivities = bound.data?.items ?? [];
  const mobileList = mobiles
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
  const mobilesValid = mobileList.length > 0 && mobileList.every((line) => mobileSchema.safeParse(line).success);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap justify="space-between">
        <Space wrap>
          {enroll && (
            <Select<ReviewStatus | ''>
              aria-label={t['registration.record.status']}
              style={{ width: 140 }}
              value={filters.status ?? ''}
              onChange={(status) => setFilters((f) => ({ ...f, page: 1, status: status || undefined }))}
              options={[
                { value: '', label: t['registration.record.allStatus'] },
                { value: 'pending', label: t['registration.status.pending'] },
                { value: 'approved', label: t['registration.status.approved'] },
                { value: 'rejected', label: t['registration.status.rejected'] },
              ]}
            />
          )}
          <Input.Search
            allowClear
            placeholder={t['registration.record.mobileSearch']}
            style={{ width: 220 }}
            onSearch={(value) =>
              setFilters((f) => ({ ...f, page: 1, mobile: value.replace(/\D/g, '').slice(0, 11) || undefined }))
            }
          />
        </Space>
        <Space wrap>
          {enroll && (
            <Button icon={<UserAddOutlined />} onClick={() => setWhitelisting(true)}>
              {t['registration.record.whitelist']}
            </Button>
          )}
          {/* Seed 001 §7: the registration's CSV is by activity; a form application's data is read here. */}
          {!enroll ? null : boundActivities.length === 1 ? (
            <Button icon={<DownloadOutlined />} onClick={() => download(boundActivities[0]?.activityId as number)}>
              {t['registration.record.download']}
            </Button>
          ) : (
            <Dropdown
              disabled={boundActivities.length === 0}
              menu={{
                items: boundActivities.map((activity) => ({ key: String(activity.activityId), label: activity.name })),
                onClick: ({ key }) => download(Number(key)),
              }}
            >
              <Button
                icon={<DownloadOutlined />}
                title={boundActivities.length ? undefined : t['registration.record.noBinding']}
              >
                {t['registration.record.download']}
              </Button>
            </Dropdown>
          )}
        </Space>
      </Flex>
      <Table<RegistrationRecord>
        rowKey="id"
        dataSource={records.data?.items ?? []}
        loading={records.isFetching}
        scroll={{ x: 900 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['registration.record.empty']} />,
        }}
        pagination={{
          current: filters.page,
          pageSize: REGISTRATION_RECORD_PAGE_SIZE,
          total: records.data?.pager.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t['registration.total'](total),
          onChange: (page) => setFilters((f) => ({ ...f, page })),
        }}
        columns={[
          {
            title: t['registration.record.submittedAt'],
            dataIndex: 'createdAt',
            width: 150,
            render: (iso: string) => (
              <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
            ),
          },
          { title: t['registration.record.mobile'], dataIndex: 'mobile', width: 120, render: (m) => m ?? '—' },
          ...answerFields.map((field) => ({
            title: field.label,
            key: field.key,
            render: (_: unknown, record: RegistrationRecord) => answerText(record.answers[field.key]),
          })),
          ...(enroll
            ? [
                {
                  title: t['registration.record.status'],
                  key: 'status',
                  width: 150,
                  render: (_: unknown, record: RegistrationRecord) => (
                    <Space direction="vertical" size={0}>
                      <Tag color={STATUS_COLOR[record.status]}>{t[`registration.status.${record.status}`]}</Tag>
                      {record.reason && <span style={{ color: '#888', fontSize: 12 }}>{record.reason}</span>}
                    </Space>
                  ),
                },
                {
                  title: t['registration.record.source'],
                  dataIndex: 'source',
                  width: 80,
                  render: (source: RegistrationRecord['source']) => t[`registration.source.${source}`],
                },
              ]
            : []),
          {
            title: t['registration.record.actions'],
            key: 'actions',
            width: enroll ? 220 : 90,
            fixed: 'end' as const,
            render: (_: unknown, record: RegistrationRecord) => (
              <Space size={4} wrap>
                {enroll && record.status !== 'approved' && (
                  <Button
                    size="small"
                    type="primary"
                    loading={review.isPending && review.variables?.recordIds[0] === record.id}
                    onClick={() => review.mutate({ id: registration.id, recordIds: [record.id], status: 'approved' })}
                  >
                    {t['registration.record.approve']}
                  </Button>
                )}
                {enroll && record.status !== 'rejected' && (
                  <Button
                    size="small"
                    danger
                    onClick={() => {
                      setReason('');
                      setRejecting(record);
                    }}
                  >
                    {t['registration.record.reject']}
                  </Button>
                )}
                <Popconfirm
                  title={t['registration.record.deleteConfirm']}
                  okText={t['registration.ok']}
                  cancelText={t['registration.cancel']}
                  onConfirm={() => removeRecord.mutateAsync(record.id).catch(() => undefined)}
                >
                  <Button size="small" type="text" danger>
                    {t['registration.record.delete']}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t['registration.record.rejectTitle']}
        okText={t['registration.ok']}
        cancelText={t['registration.cancel']}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: review.isPending }}
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          if (!rejecting) return;
          const done = await review
            .mutateAsync({ id: registration.id, recordIds: [rejecting.id], status: 'rejected', reason: reason.trim() })
            .catch(() => null);
          if (done) setRejecting(null);
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t['registration.record.rejectReason']} required>
            <Input.TextArea
              aria-label={t['registration.record.rejectReason']}
              value={reason}
              maxLength={100}
              showCount
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={whitelisting}
        title={t['registration.record.whitelistTitle']}
        okText={t['registration.ok']}
        cancelText={t['registration.cancel']}
        okButtonProps={{ disabled: !mobilesValid, loading: whitelist.isPending }}
        onCancel={() => setWhitelisting(false)}
        onOk={async () => {
          const done = await whitelist.mutateAsync({ id: registration.id, mobiles: mobileList }).catch(() => null);
          if (done) {
            setMobiles('');
            setWhitelisting(false);
          }
        }}
      >
        <Form layout="vertical">
          <Form.Item
            extra={t['registration.record.whitelistHint']}
            validateStatus={mobiles.trim() && !mobilesValid ? 'error' : undefined}
            help={mobiles.trim() && !mobilesValid ? t['registration.record.whitelistInvalid'] : undefined}
          >
            <Input.TextArea
              aria-label={t['registration.record.whitelistTitle']}
              autoSize={{ minRows: 4, maxRows: 10 }}
              value={mobiles}
              onChange={(event) => setMobiles(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Result,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { audienceTexts as t } from '../../locales/zh-CN/audience';
import { extraConfQuery, personQuery, tagsQuery, useAudienceMutations } from './api/audience';
import { PersonEditModal } from './components/person-edit-modal';
import { PersonRecords } from './components/person-records';

const when = (at: string | null) => (at ? new Date(at).toLocaleString('zh-CN', { hour12: false }) : '—');
const answerText = (value: unknown) =>
  Array.isArray(value) ? value.join('、') : value === undefined ? '—' : String(value);

/** /CRMUser/detail/:id: one person, its attribution path, tags, block, edit, delete, and its records as tabs. */
export function AudienceDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const me = useMe();
  const agentId = me.data?.id ?? 0;
  const person = useQuery({ ...personQuery(id), enabled: Number.isInteger(id) && id > 0, retry: false });
  const fields = useQuery({ ...extraConfQuery(agentId), enabled: agentId > 0 });
  const tags = useQuery(tagsQuery());
  const { block, remove, setTags, addFav, removeFav } = useAudienceMutations();
  const [editing, setEditing] = useState(false);
  const [tagging, setTagging] = useState<number[] | null>(null);

  if (person.isError) {
    return (
      <Result
        status="404"
        title={t['audience.detail.notFound']}
        extra={
          <Link to="/CRMUser">
            <Button type="primary">{t['audience.detail.back']}</Button>
          </Link>
        }
      />
    );
  }
  const p = person.data;
  const name = p ? p.name || p.mobile : '';
  const a = p?.attribution;

  return (
    <>
      <PageHeader
        name="crm.detail"
        extra={
          p && (
            <Space wrap>
              <Button onClick={() => setEditing(true)}>{t['audience.detail.edit']}</Button>
              <Button onClick={() => setTagging(p.tags.map((tag) => tag.id))}>{t['audience.detail.setTags']}</Button>
              <Button onClick={() => (p.isFavInviter ? removeFav : addFav).mutate(p.id)}>
                {p.isFavInviter ? t['audience.unfav'] : t['audience.fav']}
              </Button>
              {p.isBlocked ? (
                <Button onClick={() => block.mutate({ id: p.id, isBlocked: false })}>{t['audience.unblock']}</Button>
              ) : (
                <Popconfirm
                  title={t['audience.blockConfirm'](name)}
                  okText={t['audience.ok']}
                  cancelText={t['audience.cancel']}
                  onConfirm={() => block.mutateAsync({ id: p.id, isBlocked: true })}
                >
                  <Button danger>{t['audience.block']}</Button>
                </Popconfirm>
              )}
              <Popconfirm
                title={t['audience.deleteConfirm'](name)}
                okText={t['audience.ok']}
                cancelText={t['audience.cancel']}
                onConfirm={async () => {
                  await remove.mutateAsync(p.id);
                  navigate('/CRMUser');
                }}
              >
                <Button danger>{t['audience.delete']}</Button>
              </Popconfirm>
            </Space>
          )
        }
      />
      <Flex vertical gap={16}>
        <Card title={t['audience.detail.info']} loading={person.isLoading}>
          {p && (
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label={t['audience.column.name']}>
                {p.name || <Typography.Text type="secondary">{t['audience.unnamed']}</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.column.mobile']}>{p.mobile}</Descriptions.Item>
              <Descriptions.Item label={t['audience.column.status']}>
                {p.isBlocked ? (
                  <Tag color="red">{t['audience.blocked']}</Tag>
                ) : (
                  <Tag color="green">{t['audience.normal']}</Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.column.tags']}>
                {p.tags.length ? p.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>) : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.column.invitedBy']}>
                {p.invitedBy ? (
                  <Link to={`/CRMUser/detail/${p.invitedBy}`}>{p.invitedByName}</Link>
                ) : p.isInvitedByExisted ? (
                  t['audience.anonymousInviter']
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.lastSeenAt']}>{when(p.lastSeenAt)}</Descriptions.Item>
              {(fields.data?.fields ?? []).map((field) => (
                <Descriptions.Item key={field.key} label={field.label}>
                  {answerText(p.info[field.key])}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </Card>
        <Card title={t['audience.detail.path']} loading={person.isLoading}>
          {a && (
            <Descriptions column={{ xs: 1, md: 2, xl: 4 }} data-testid="audience-attribution">
              <Descriptions.Item label={t['audience.detail.ditch']}>
                {a.ditchName ?? t['audience.noDitch']}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.firstActivity']}>
                {a.firstActivityId ? <Link to={`/board/${a.firstActivityId}`}>{a.firstActivityName}</Link> : '—'}
                {a.firstVisitAt && <Typography.Text type="secondary">（{when(a.firstVisitAt)}）</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.registeredAt']}>{when(a.registeredAt)}</Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.visits']}>{a.visits}</Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.watch']}>
                {t['audience.seconds'](a.watchSeconds)}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.gift']}>
                {t['audience.yuan'](a.giftAmount)}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.paid']}>
                {t['audience.yuan'](a.paidAmount)}
              </Descriptions.Item>
              <Descriptions.Item label={t['audience.detail.redPacket']}>
                {t['audience.yuan'](a.redPacketAmount)}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
        <Card title={t['audience.detail.records']}>
          {p && agentId > 0 ? (
            <PersonRecords agentId={agentId} userId={p.id} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Flex>
      {p && editing && (
        <PersonEditModal person={p} fields={fields.data?.fields ?? []} open onClose={() => setEditing(false)} />
      )}
      <Modal
        title={t['audience.tagsModal.title']}
        open={tagging !== null}
        onCancel={() => setTagging(null)}
        okText={t['audience.ok']}
        cancelText={t['audience.cancel']}
        confirmLoading={setTags.isPending}
        onOk={async () => {
          if (p && tagging) await setTags.mutateAsync({ id: p.id, tagIds: tagging });
          setTagging(null);
        }}
        destroyOnHidden
      >
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          placeholder={t['audience.tagsModal.placeholder']}
          value={tagging ?? []}
          onChange={setTagging}
          options={(tags.data?.items ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          data-testid="audience-tag-select"
        />
      </Modal>
    </>
  );
}

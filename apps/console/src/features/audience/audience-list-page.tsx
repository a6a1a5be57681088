import { useQuery } from '@tanstack/react-query';
import { AUDIENCE_PAGE_SIZE, type AudiencePerson } from '@yanbo/contracts';
import { Alert, Button, Card, Empty, Flex, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { audienceTexts as t } from '../../locales/zh-CN/audience';
import { favInvitersQuery, type PeopleFilter, peopleQuery, tagsQuery, useAudienceMutations } from './api/audience';
import { ExtraConfModal } from './components/extra-conf-modal';
import { FavInvitersDrawer } from './components/fav-inviters-drawer';

interface FilterForm {
  name?: string;
  mobile?: string;
  invitedBy?: number;
  invited?: 'true' | 'false';
  tagId?: number;
}

const toFilter = (form: FilterForm): PeopleFilter => ({
  name: form.name?.trim() || undefined,
  mobile: form.mobile?.trim() || undefined,
  invitedBy: form.invitedBy,
  isInvitedByExisted: form.invited,
  tagId: form.tagId,
});

/** /CRMUser: the people, searched by name, mobile, inviter, invited or not, and tag; 10 a page (seed 001 §9). */
export function AudienceListPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const initial: FilterForm = { tagId: params.get('tagId') ? Number(params.get('tagId')) : undefined };
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<PeopleFilter>(toFilter(initial));
  const [page, setPage] = useState(1);
  const [favOpen, setFavOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const people = useQuery(peopleQuery(filter, page));
  const tags = useQuery(tagsQuery());
  const favs = useQuery(favInvitersQuery());
  const { block, remove, addFav, removeFav } = useAudienceMutations();

  const apply = (values: FilterForm) => {
    setFilter(toFilter(values));
    setPage(1);
    setParams(values.tagId ? { tagId: String(values.tagId) } : {}, { replace: true });
  };
  const displayName = (person: AudiencePerson) => person.name || person.mobile;

  return (
    <>
      <PageHeader
        name="crm"
        extra={
          <Space wrap>
            <Link to="/crmcreatTag">
              <Button>{t['audience.tags']}</Button>
            </Link>
            <Button onClick={() => setFavOpen(true)}>{t['audience.favInviters']}</Button>
            <Button onClick={() => setFormOpen(true)}>{t['audience.crmForm']}</Button>
          </Space>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['audience.hint']} />
          <Form<FilterForm> form={form} layout="inline" initialValues={initial} onFinish={apply}>
            <Form.Item name="name" label={t['audience.search.name']}>
              <Input allowClear placeholder={t['audience.search.namePlaceholder']} maxLength={40} />
            </Form.Item>
            <Form.Item name="mobile" label={t['audience.search.mobile']}>
              <Input allowClear placeholder={t['audience.search.mobilePlaceholder']} maxLength={11} />
            </Form.Item>
            <Form.Item name="invitedBy" label={t['audience.search.invitedBy']}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t['audience.search.invitedByPlaceholder']}
                options={(favs.data?.items ?? []).map((fav) => ({ value: fav.id, label: fav.name || fav.mobile }))}
              />
            </Form.Item>
            <Form.Item name="invited" label={t['audience.search.invited']}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t['audience.search.invitedAll']}
                options={[
                  { value: 'true', label: t['audience.search.invitedYes'] },
                  { value: 'false', label: t['audience.search.invitedNo'] },
                ]}
              />
            </Form.Item>
            <Form.Item name="tagId" label={t['audience.search.tag']}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t['audience.search.tagPlaceholder']}
                options={(tags.data?.items ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
                data-testid="audience-tag-filter"
              />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t['audience.search.submit']}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    form.setFieldsValue({ tagId: undefined });
                    apply({});
                  }}
                >
                  {t['audience.search.reset']}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <Table<AudiencePerson>
            rowKey="id"
            dataSource={people.data?.items ?? []}
            loading={people.isFetching}
            scroll={{ x: 1500 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['audience.empty']} /> }}
            pagination={{
              current: page,
              pageSize: AUDIENCE_PAGE_SIZE,
              total: people.data?.pager.total ?? 0,
              showTotal: (total) => t['audience.total'](total),
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              {
                title: t['audience.column.name'],
                dataIndex: 'name',
                width: 120,
                render: (name: string, person) => (
                  <Link to={`/CRMUser/detail/${person.id}`}>
                    {name || <Typography.Text type="secondary">{t['audience.unnamed']}</Typography.Text>}
                  </Link>
                ),
              },
              { title: t['audience.column.mobile'], dataIndex: 'mobile', width: 130 },
              {
                title: t['audience.column.tags'],
                dataIndex: 'tags',
                width: 180,
                render: (tagList: AudiencePerson['tags']) => tagList.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>),
              },
              {
                title: t['audience.column.invitedBy'],
                dataIndex: 'invitedByName',
                width: 130,
                render: (name: string | null, person) =>
                  person.invitedBy ? (
                    <Link to={`/CRMUser/detail/${person.invitedBy}`}>{name}</Link>
                  ) : person.isInvitedByExisted ? (
                    t['audience.anonymousInviter']
                  ) : (
                    '—'
                  ),
              },
              {
                title: t['audience.column.ditch'],
                key: 'ditch',
                width: 130,
                render: (_, person) => person.attribution.ditchName ?? t['audience.noDitch'],
              },
              {
                title: t['audience.column.watch'],
                key: 'watch',
                width: 120,
                render: (_, person) => t['audience.seconds'](person.attribution.watchSeconds),
              },
              {
                title: t['audience.column.gift'],
                key: 'gift',
                width: 90,
                render: (_, person) => t['audience.yuan'](person.attribution.giftAmount),
              },
              {
                title: t['audience.column.paid'],
                key: 'paid',
                width: 90,
                render: (_, person) => t['audience.yuan'](person.attribution.paidAmount),
              },
              {
                title: t['audience.column.status'],
                dataIndex: 'isBlocked',
                width: 90,
                render: (blocked: boolean) =>
                  blocked ? (
                    <Tag color="red">{t['audience.blocked']}</Tag>
                  ) : (
                    <Tag color="green">{t['audience.normal']}</Tag>
                  ),
              },
              {
                title: t['audience.column.createdAt'],
                dataIndex: 'createdAt',
                width: 170,
                render: (at: string) => new Date(at).toLocaleString('zh-CN', { hour12: false }),
              },
              {
                title: t['audience.column.actions'],
                key: 'actions',
                fixed: 'right',
                width: 260,
                render: (_, person) => (
                  <Space size={0} wrap>
                    <Link to={`/CRMUser/detail/${person.id}`}>
                      <Button type="link" size="small">
                        {t['audience.detail']}
                      </Button>
                    </Link>
                    {person.isBlocked ? (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => block.mutate({ id: person.id, isBlocked: false })}
                      >
                        {t['audience.unblock']}
                      </Button>
                    ) : (
                      <Popconfirm
                        title={t['audience.blockConfirm'](displayName(person))}
                        okText={t['audience.ok']}
                        cancelText={t['audience.cancel']}
                        onConfirm={() => block.mutateAsync({ id: person.id, isBlocked: true })}
                      >
                        <Button type="link" size="small" danger>
                          {t['audience.block']}
                        </Button>
                      </Popconfirm>
                    )}
                    <Button
                      type="link"
                      size="small"
                      onClick={() => (person.isFavInviter ? removeFav : addFav).mutate(person.id)}
                    >
                      {person.isFavInviter ? t['audience.unfav'] : t['audience.fav']}
                    </Button>
                    <Popconfirm
                      title={t['audience.deleteConfirm'](displayName(person))}
                      okText={t['audience.ok']}
                      cancelText={t['audience.cancel']}
                      onConfirm={() => remove.mutateAsync(person.id)}
                    >
                      <Button type="link" size="small" danger>
                        {t['audience.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <FavInvitersDrawer open={favOpen} onClose={() => setFavOpen(false)} />
      {me.data && <ExtraConfModal open={formOpen} agentId={me.data.id} onClose={() => setFormOpen(false)} />}
    </>
  );
}

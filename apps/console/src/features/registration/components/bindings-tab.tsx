import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { REGISTRATION_BINDING_PAGE_SIZE, type RegistrationBinding } from '@yanbo/contracts';
import { Button, Empty, Flex, Modal, Popconfirm, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { registrationTexts as t } from '../../../locales/zh-CN/registration';
import { activityOptionsQuery, bindingsQuery, useRegistrationMutations } from '../api/registration';

/** A form's bound activities (GET /v3/registration/{id}/bindings), with bind and unbind. */
export function BindingsTab({ registrationId }: { registrationId: number }) {
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const bindings = useQuery(bindingsQuery(registrationId, page));
  const options = useQuery({ ...activityOptionsQuery(search), enabled: picking });
  const { bind, unbind } = useRegistrationMutations();

  return (
    <Flex vertical gap={12}>
      <Button
        type="primary"
        icon={<LinkOutlined />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setPicking(true)}
      >
        {t['registration.binding.add']}
      </Button>
      <Table<RegistrationBinding>
        rowKey="activityId"
        dataSource={bindings.data?.items ?? []}
        loading={bindings.isFetching}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['registration.binding.empty']} />,
        }}
        pagination={{
          current: page,
          pageSize: REGISTRATION_BINDING_PAGE_SIZE,
          total: bindings.data?.pager.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            title: t['registration.binding.activity'],
            dataIndex: 'name',
            render: (name: string, row) => <Link to={`/board/${row.activityId}`}>{name}</Link>,
          },
          {
            title: t['registration.binding.boundAt'],
            dataIndex: 'boundAt',
            width: 170,
            render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t['registration.record.actions'],
            key: 'actions',
            width: 100,
            render: (_, row) => (
              <Popconfirm
                title={t['registration.binding.unbindConfirm']}
                okText={t['registration.ok']}
                cancelText={t['registration.cancel']}
                onConfirm={() =>
                  unbind.mutateAsync({ id: registrationId, activityIds: [row.activityId] }).catch(() => undefined)
                }
              >
                <Button size="small" danger>
                  {t['registration.binding.unbind']}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal
        open={picking}
        title={t['registration.binding.pick']}
        okText={t['registration.ok']}
        cancelText={t['registration.cancel']}
        okButtonProps={{ disabled: chosen.length === 0, loading: bind.isPending }}
        onCancel={() => setPicking(false)}
        onOk={async () => {
          const bound = await bind.mutateAsync({ id: registrationId, activityIds: chosen }).catch(() => null);
          if (bound) {
            setChosen([]);
            setPicking(false);
          }
        }}
        destroyOnHidden
      >
        <Select
          mode="multiple"
          aria-label={t['registration.binding.pick']}
          style={{ width: '100%' }}
          placeholder={t['registration.binding.search']}
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={options.isFetching}
          value={chosen}
          onChange={setChosen}
          options={(options.data?.items ?? []).map((activity) => ({
            value: activity.id,
            label: `${activity.name}（${activity.id}）`,
          }))}
        />
      </Modal>
    </Flex>
  );
}

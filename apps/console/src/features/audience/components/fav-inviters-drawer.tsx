import { useQuery } from '@tanstack/react-query';
import type { FavInviter } from '@yanbo/contracts';
import { Alert, Button, Drawer, Empty, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { audienceTexts as t } from '../../../locales/zh-CN/audience';
import { favInvitersQuery, useAudienceMutations } from '../api/audience';

/** 常用推荐人: the agent's common referrers, 100 at once (seed 001 §9 "Inviter list 100"), by name. */
export function FavInvitersDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const favs = useQuery({ ...favInvitersQuery(name), enabled: open });
  const { removeFav } = useAudienceMutations();
  return (
    <Drawer title={t['audience.fav.title']} open={open} onClose={onClose} width={560} destroyOnHidden>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon message={t['audience.fav.hint']} />
        <Input.Search allowClear placeholder={t['audience.fav.searchPlaceholder']} onSearch={setName} maxLength={40} />
        <Table<FavInviter>
          rowKey="id"
          size="small"
          dataSource={favs.data?.items ?? []}
          loading={favs.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['audience.fav.empty']} /> }}
          columns={[
            {
              title: t['audience.column.name'],
              dataIndex: 'name',
              render: (value: string, fav) => (
                <Link to={`/CRMUser/detail/${fav.id}`} onClick={onClose}>
                  {value || t['audience.unnamed']}
                </Link>
              ),
            },
            { title: t['audience.column.mobile'], dataIndex: 'mobile' },
            { title: t['audience.fav.invitees'], dataIndex: 'inviteeCount', width: 90 },
            {
              title: t['audience.column.actions'],
              key: 'actions',
              width: 80,
              render: (_, fav) => (
                <Button type="link" size="small" danger onClick={() => removeFav.mutate(fav.id)}>
                  {t['audience.fav.remove']}
                </Button>
              ),
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}

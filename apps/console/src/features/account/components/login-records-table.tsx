import { LOGIN_RECORD_PAGE_SIZE, type LoginRecord } from '@yanbo/contracts';
import { Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { accountTexts } from '../../../locales/zh-CN/account';
import { useLoginRecords } from '../api/profile';

/** The account's sign-ins, newest first, failures included. */
export function LoginRecordsTable() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(LOGIN_RECORD_PAGE_SIZE);
  const records = useLoginRecords(page, pageSize);
  const c = accountTexts.recordColumns;
  return (
    <Table<LoginRecord>
      rowKey="id"
      size="middle"
      loading={records.isFetching}
      dataSource={records.data?.items ?? []}
      pagination={{
        current: page,
        pageSize,
        total: records.data?.pager.total ?? 0,
        showSizeChanger: true,
        onChange: (nextPage, nextSize) => {
          setPage(nextPage);
          setPageSize(nextSize);
        },
      }}
      columns={[
        { title: c.time, dataIndex: 'createdAt', render: (value: string) => new Date(value).toLocaleString('zh-CN') },
        { title: c.method, dataIndex: 'method', render: (value: string) => accountTexts.methods[value] ?? value },
        {
          title: c.result,
          dataIndex: 'success',
          render: (success: boolean) =>
            success ? (
              <Tag color="success">{accountTexts.success}</Tag>
            ) : (
              <Tag color="error">{accountTexts.failure}</Tag>
            ),
        },
        { title: c.ip, dataIndex: 'ip' },
        {
          title: c.userAgent,
          dataIndex: 'userAgent',
          render: (value: string) => (
            <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 320 }}>
              {value}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  LinkOutlined,
  SafetyOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_PAGE_SIZE,
  type Document,
  type DocumentKind,
  type DocumentListQuery,
  documentCalls,
} from '@yanbo/contracts';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { showError } from '../../app/http';
import { applicationTexts as t } from '../../locales/zh-CN/applications';
import { downloadFile } from '../exports';
import { documentListQuery, useDocumentMutations } from './api/documents';
import { DocumentBindModal } from './components/document-bind-modal';
import { DocumentPermissionModal } from './components/document-permission-modal';

const KIND_ICONS: Record<DocumentKind, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#cf1322' }} />,
  word: <FileWordOutlined style={{ color: '#1677ff' }} />,
  excel: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  powerpoint: <FilePptOutlined style={{ color: '#d46b08' }} />,
  image: <FileImageOutlined style={{ color: '#722ed1' }} />,
};

/** 1.2 MB, 340 KB, 12 B. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

interface Uploading {
  uid: string;
  name: string;
  percent: number;
}

type Filters = Omit<DocumentListQuery, 'pageSize'> & { page: number };

/**
 * /application/document: the agent's document library (seed 000 §1 "document applications"): upload with progress,
 * the permission per document, the activities whose viewers see it, and delete.
 */
export function DocumentPage() {
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const list = useQuery(documentListQuery(filters));
  const { upload, update, bind, remove } = useDocumentMutations();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [editing, setEditing] = useState<Document | null>(null);
  const [binding, setBinding] = useState<Document | null>(null);

  const progress = (uid: string, percent: number) =>
    setUploading((all) => all.map((item) => (item.uid === uid ? { ...item, percent } : item)));
  const send = (file: File & { uid: string }) => {
    setUploading((all) => [...all, { uid: file.uid, name: file.name, percent: 0 }]);
    upload
      .mutateAsync({ file, onProgress: (percent) => progress(file.uid, percent) })
      .catch(() => undefined)
      .finally(() => setUploading((all) => all.filter((item) => item.uid !== file.uid)));
  };

  return (
    <>
      <PageHeader
        name="applications.document"
        extra={
          <Upload
            accept={DOCUMENT_ACCEPT}
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              send(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} data-testid="document-upload">
              {t['applications.document.upload']}
            </Button>
          </Upload>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['applications.document.hint']} />
          {uploading.map((item) => (
            <Flex key={item.uid} align="center" gap={12} data-testid="document-uploading">
              <Typography.Text ellipsis style={{ width: 240 }}>
                {item.name}
              </Typography.Text>
              <Progress percent={item.percent} size="small" style={{ flex: 1, margin: 0 }} />
              <Typography.Text type="secondary">{t['applications.document.uploading'](item.percent)}</Typography.Text>
            </Flex>
          ))}
          <Input.Search
            allowClear
            placeholder={t['applications.document.search']}
            style={{ width: 260 }}
            onSearch={(value) => setFilters({ page: 1, name: value.trim() || undefined })}
          />
          <Table<Document>
            rowKey="id"
            dataSource={list.data?.items ?? []}
            loading={list.isPending}
            scroll={{ x: 1060 }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['applications.document.empty']} />,
            }}
            pagination={{
              current: filters.page,
              pageSize: DOCUMENT_PAGE_SIZE,
              total: list.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['applications.total'](total),
              onChange: (page) => setFilters((f) => ({ ...f, page })),
            }}
            columns={[
              {
                title: t['applications.document.column.name'],
                dataIndex: 'name',
                render: (name: string, document) => (
                  <Space>
                    {KIND_ICONS[document.kind]}
                    <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: 200 }}>
                      {name}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t['applications.document.column.kind'],
                dataIndex: 'kind',
                width: 70,
                render: (kind: DocumentKind) => t['applications.document.kind'][kind],
              },
              {
                title: t['applications.document.column.size'],
                dataIndex: 'size',
                width: 90,
                render: (size: number) => fileSize(size),
              },
              {
                title: t['applications.document.column.activities'],
                key: 'activities',
                width: 180,
                render: (_, document) =>
                  document.activities.length === 0 ? (
                    <Typography.Text type="secondary">{t['applications.document.noActivities']}</Typography.Text>
                  ) : (
                    <Flex gap={4} wrap>
                      {document.activities.map((activity) => (
                        <Tag key={activity.id} style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {activity.name}
                        </Tag>
                      ))}
                    </Flex>
                  ),
              },
              {
                title: t['applications.document.column.permission'],
                key: 'permission',
                width: 150,
                render: (_, document) => (
                  <Flex gap={4} wrap>
                    <Tag color={document.permission === 'download' ? 'blue' : 'default'}>
                      {t['applications.document.permission'][document.permission]}
                    </Tag>
                    {document.signInRequired && <Tag color="gold">{t['applications.document.signInOnly']}</Tag>}
                  </Flex>
                ),
              },
              {
                title: t['applications.document.column.createdAt'],
                dataIndex: 'createdAt',
                width: 150,
                render: (iso: string) => (
                  <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                ),
              },
              {
                title: t['applications.document.column.actions'],
                key: 'actions',
                width: 230,
                fixed: 'end',
                render: (_, document) => (
                  <Space size={0} wrap>
                    <Button size="small" type="link" icon={<LinkOutlined />} onClick={() => setBinding(document)}>
                      {t['applications.document.bind']}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      icon={<DownloadOutlined />}
                      onClick={() =>
                        downloadFile(documentCalls.downloadDocument, { params: { id: document.id } }).catch(showError)
                      }
                    >
                      {t['applications.document.download']}
                    </Button>
                    <Button size="small" type="link" icon={<SafetyOutlined />} onClick={() => setEditing(document)}>
                      {t['applications.document.permissionEdit']}
                    </Button>
                    <Popconfirm
                      title={t['applications.document.deleteConfirm'](document.name)}
                      okText={t['applications.ok']}
                      cancelText={t['applications.cancel']}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(document.id).catch(() => undefined)}
                    >
                      <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                        {t['applications.delete']}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      <DocumentPermissionModal
        document={editing}
        saving={update.isPending}
        onSubmit={(body) => update.mutateAsync({ id: editing?.id ?? 0, body })}
        onClose={() => setEditing(null)}
      />
      <DocumentBindModal
        document={binding}
        saving={bind.isPending}
        onSubmit={(activityIds) => bind.mutateAsync({ id: binding?.id ?? 0, activityIds })}
        onClose={() => setBinding(null)}
      />
    </>
  );
}

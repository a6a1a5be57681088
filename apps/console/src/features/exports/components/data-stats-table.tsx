import { DownloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DATA_STATS_PAGE_SIZE,
  EXPORT_FIELDS,
  type ExportField,
  type ExportFormat,
  type ExportKind,
  type StatsRange,
  XLSX_EXPORTS,
} from '@yanbo/contracts';
import { Alert, Button, Checkbox, Empty, Flex, Popover, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { showError } from '../../../app/http';
import { useMe } from '../../../app/session';
import { exportTexts as t } from '../../../locales/zh-CN/exports';
import { downloadExport } from '../api/download-export';
import { dataStatsQuery, tableTheadQuery, useSaveTableThead } from '../api/exports-queries';

const HINTS: Partial<Record<ExportKind, string>> = {
  'wechat-users': t['exports.wechatHint'],
  'per-view': t['exports.perViewHint'],
};

type Row = Record<string, string> & { key: string };

/**
 * One data-statistics table: a page of the rows its download holds, its total, the columns the agent keeps
 * (table-thead) and the download of the same rows. Seed 001 §4: loading is set, the total stored and loading
 * cleared, also on failure, with no toast.
 */
export function DataStatsTable({
  activityId,
  kind,
  range,
}: {
  activityId: number;
  kind: ExportKind;
  range: StatsRange;
}) {
  const [page, setPage] = useState(1);
  const thead = useQuery(tableTheadQuery(kind));
  const fields = thead.data?.fields ?? [];
  const rows = useQuery({ ...dataStatsQuery(activityId, kind, range, page, fields), enabled: !thead.isLoading });
  const me = useMe();
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    if (!me.data) return;
    setDownloading(format);
    try {
      await downloadExport({ activityId, agentId: me.data.id, kind, range, fields, format });
    } catch (error) {
      void showError(error);
    } finally {
      setDownloading(null);
    }
  };
  const data = rows.data;
  const columns: TableColumnsType<Row> = (data?.columns ?? []).map((column, index) => ({
    title: column.label,
    dataIndex: String(index),
    key: column.key,
    ellipsis: true,
  }));
  const offset = ((data?.pager.page ?? 1) - 1) * (data?.pager.pageSize ?? DATA_STATS_PAGE_SIZE);
  const source: Row[] = (data?.items ?? []).map((cells, index) => ({
    ...Object.fromEntries(cells.map((cell, at) => [String(at), cell])),
    key: String(offset + index),
  }));
  const total = data?.pager.total ?? 0;
  return (
    <Flex vertical gap={12} data-testid={`data-stats-${kind}`}>
      {HINTS[kind] ? <Alert type="info" showIcon message={HINTS[kind]} /> : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid={`data-stats-total-${kind}`}>
          {t['exports.total'](total)}
        </Typography.Text>
        <Space wrap>
          <ColumnChooser kind={kind} fields={fields} />
          <Button
            icon={<DownloadOutlined />}
            loading={downloading === 'csv'}
            disabled={!me.data}
            onClick={() => void download('csv')}
            data-testid={`data-stats-download-${kind}`}
          >
            {t['exports.download']}
          </Button>
          {XLSX_EXPORTS.has(kind) ? (
            <Button
              icon={<DownloadOutlined />}
              loading={downloading === 'xlsx'}
              disabled={!me.data}
              onClick={() => void download('xlsx')}
              data-testid={`data-stats-download-xlsx-${kind}`}
            >
              {t['exports.downloadXlsx']}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <Table<Row>
        size="small"
        columns={columns}
        dataSource={source}
        loading={rows.isFetching || thead.isLoading}
        scroll={{ x: Math.max(640, columns.length * 150) }}
        pagination={{
          current: page,
          pageSize: DATA_STATS_PAGE_SIZE,
          total,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={rows.isError ? t['exports.loadFailed'] : t['exports.empty']}
            />
          ),
        }}
        data-testid={`data-stats-table-${kind}`}
      />
    </Flex>
  );
}

/** 列设置: which of the export's fields the table and its download hold, kept per agent. */
function ColumnChooser({ kind, fields }: { kind: ExportKind; fields: readonly string[] }) {
  const all: readonly ExportField[] = EXPORT_FIELDS[kind];
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const save = useSaveTableThead(kind);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setChosen([...fields]);
      }}
      title={t['exports.columnsHint']}
      content={
        <Flex vertical gap={8} style={{ maxWidth: 280 }}>
          <Checkbox.Group
            value={chosen}
            onChange={(value) => setChosen(value as string[])}
            options={all.map((field) => ({ label: field.label, value: field.key }))}
            style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}
          />
          <Button
            type="primary"
            size="small"
            disabled={chosen.length === 0}
            loading={save.isPending}
            onClick={() => save.mutate(chosen, { onSuccess: () => setOpen(false) })}
            data-testid={`data-stats-columns-save-${kind}`}
          >
            {t['exports.columnsSave']}
          </Button>
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />} data-testid={`data-stats-columns-${kind}`}>
        {t['exports.columns']}
      </Button>
    </Popover>
  );
}

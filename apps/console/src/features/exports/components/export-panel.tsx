import { useQuery } from '@tanstack/react-query';
import {
  DATED_EXPORTS,
  EXPORT_KINDS,
  EXPORT_TASK_KIND,
  type ExportFormat,
  type ExportKind,
  type StatsRange,
} from '@yanbo/contracts';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { showError } from '../../../app/http';
import { useMe } from '../../../app/session';
import { exportKindTexts, exportTexts as t } from '../../../locales/zh-CN/exports';
import { useStartTask } from '../../download-center';
import { downloadExport } from '../api/download-export';
import { dataStatsQuery, exportFieldsQuery } from '../api/exports-queries';

/** Rows beyond which the panel suggests the download center over a download now. */
const LARGE_EXPORT_ROWS = 50_000;

/**
 * The data export panel (seed 001 §2): choose an export and its fields, then download it now or have the download
 * center make it in the background (seed 001 §4: a download task shows the download tip).
 */
export function ExportPanel({
  activityId,
  range,
  open,
  onClose,
  initialKind = 'user-visits',
}: {
  activityId: number;
  range: StatsRange;
  open: boolean;
  onClose: () => void;
  initialKind?: ExportKind;
}) {
  const sets = useQuery({ ...exportFieldsQuery(), enabled: open });
  const [kind, setKind] = useState<ExportKind>(initialKind);
  const [fields, setFields] = useState<string[] | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [downloading, setDownloading] = useState(false);
  const me = useMe();
  const { start, starting } = useStartTask();
  const described = sets.data?.exports.find((entry) => entry.kind === kind);
  const allFields = described?.fields ?? [];
  const chosen = fields ?? allFields.map((field) => field.key);
  const formats = described?.formats ?? ['csv'];
  const count = useQuery({ ...dataStatsQuery(activityId, kind, range, 1, [], 1), enabled: open });
  const rows = count.data?.pager.total;
  const dated = DATED_EXPORTS.has(kind);
  const exportRange = dated ? range : {};

  const choose = (next: ExportKind) => {
    setKind(next);
    setFields(null);
    setFormat('csv');
  };
  const downloadNow = async () => {
    if (!me.data) return;
    setDownloading(true);
    try {
      await downloadExport({ activityId, agentId: me.data.id, kind, range, fields: chosen, format });
    } catch (error) {
      void showError(error);
    } finally {
      setDownloading(false);
    }
  };
  const runAsTask = async () => {
    try {
      await start({
        label: 'download',
        kind: EXPORT_TASK_KIND,
        activityId,
        params: { export: kind, format, fields: chosen, ...exportRange },
      });
      onClose();
    } catch {
      // The failure was shown by the request itself.
    }
  };

  return (
    <Drawer
      title={t['exports.panel.title']}
      open={open}
      onClose={onClose}
      width={480}
      destroyOnHidden
      data-testid="export-panel"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button
            onClick={() => void downloadNow()}
            loading={downloading}
            disabled={chosen.length === 0 || !me.data}
            data-testid="export-panel-now"
          >
            {t['exports.panel.now']}
          </Button>
          <Button
            type="primary"
            onClick={() => void runAsTask()}
            loading={starting}
            disabled={chosen.length === 0}
            data-testid="export-panel-task"
          >
            {t['exports.panel.task']}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t['exports.panel.kind']}>
          <Select<ExportKind>
            value={kind}
            onChange={choose}
            showSearch
            optionFilterProp="label"
            options={EXPORT_KINDS.map((value) => ({ value, label: exportKindTexts[value] }))}
            data-testid="export-panel-kind"
          />
        </Form.Item>
        <Form.Item label={t['exports.panel.range']}>
          <Typography.Text data-testid="export-panel-range">
            {dated ? `${range.startTime} ~ ${range.endTime}` : t['exports.panel.rangeNone']}
          </Typography.Text>
        </Form.Item>
        <Form.Item
          label={
            <Space>
              {t['exports.panel.fields']}
              <Checkbox
                checked={chosen.length === allFields.length && allFields.length > 0}
                indeterminate={chosen.length > 0 && chosen.length < allFields.length}
                onChange={(event) => setFields(event.target.checked ? allFields.map((field) => field.key) : [])}
              >
                {t['exports.panel.allFields']}
              </Checkbox>
            </Space>
          }
          validateStatus={chosen.length === 0 ? 'error' : undefined}
          help={chosen.length === 0 ? t['exports.panel.noFields'] : undefined}
        >
          <Checkbox.Group
            value={chosen}
            onChange={(value) => setFields(value as string[])}
            options={allFields.map((field) => ({ label: field.label, value: field.key }))}
            style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}
            data-testid="export-panel-fields"
          />
        </Form.Item>
        <Form.Item label={t['exports.panel.format']}>
          <Radio.Group
            value={format}
            onChange={(event) => setFormat(event.target.value as ExportFormat)}
            options={formats.map((value) => ({ value, label: value.toUpperCase() }))}
            optionType="button"
          />
        </Form.Item>
        {rows !== undefined ? (
          <Typography.Paragraph type="secondary" data-testid="export-panel-rows">
            {t['exports.panel.rows'](rows)}
          </Typography.Paragraph>
        ) : null}
        {rows !== undefined && rows > LARGE_EXPORT_ROWS ? (
          <Alert type="warning" showIcon message={t['exports.panel.large']} />
        ) : null}
      </Form>
    </Drawer>
  );
}

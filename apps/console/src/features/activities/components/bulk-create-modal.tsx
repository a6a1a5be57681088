import { useQuery } from '@tanstack/react-query';
import { BULK_ACTIVITIES_MAX } from '@yanbo/contracts';
import { DatePicker, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, errorText, showError } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import type { ActivityBody } from '../activity-form-rules';
import { useBulkCreateActivities } from '../api/activity-actions';
import { activityGroupsQuery } from '../api/activity-groups';
import { type BulkNamesProblem, failedBulkIndex, parseBulkNames, toBulkBody } from '../bulk-create-rules';

interface BulkValues {
  names: string;
  type: ActivityBody['type'];
  groupId: number | null;
  startedAt: Dayjs | null;
}

function problemText(problem: BulkNamesProblem): string {
  switch (problem.kind) {
    case 'empty':
      return t['activities.bulk.empty'];
    case 'tooMany':
      return t['activities.bulk.tooMany'](problem.max);
    case 'tooLong':
      return t['activities.bulk.tooLong'](problem.line, problem.max);
    case 'repeated':
      return t['activities.bulk.repeated'](problem.line, problem.name);
  }
}

/** 批量创建: several activities at once, one name a line, sharing type, group and start (all or none). */
export function BulkCreateModal({
  open,
  defaultGroupId,
  onClose,
}: {
  open: boolean;
  defaultGroupId: number | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<BulkValues>();
  const bulk = useBulkCreateActivities();
  const groups = useQuery({ ...activityGroupsQuery(), enabled: open });
  const [count, setCount] = useState(0);

  const submit = async (values: BulkValues) => {
    const parsed = parseBulkNames(values.names);
    if ('problem' in parsed) return;
    const body = toBulkBody(parsed.names, {
      type: values.type,
      groupId: values.groupId ?? null,
      startedAt: values.startedAt ? values.startedAt.toISOString() : null,
    });
    try {
      await bulk.mutateAsync(body);
      setCount(0);
      onClose();
    } catch (error) {
      const index = error instanceof ApiError ? failedBulkIndex(error.field) : null;
      const name = index === null ? undefined : parsed.names[index];
      if (index !== null && name !== undefined) {
        form.setFields([{ name: 'names', errors: [t['activities.bulk.taken'](index + 1, name)] }]);
      } else {
        form.setFields([{ name: 'names', errors: [await errorText(error)] }]);
      }
      await showError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t['activities.bulk.title']}
      okText={t['activities.bulk.ok']}
      cancelText={t['activities.form.cancel']}
      confirmLoading={bulk.isPending}
      onOk={() => form.submit()}
      onCancel={() => !bulk.isPending && onClose()}
      width={560}
      destroyOnHidden
    >
      <Form<BulkValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={bulk.isPending}
        initialValues={{ names: '', type: 'live', groupId: defaultGroupId, startedAt: null }}
        onValuesChange={(changed: Partial<BulkValues>) => {
          if (changed.names === undefined) return;
          const parsed = parseBulkNames(changed.names);
          setCount('names' in parsed ? parsed.names.length : 0);
        }}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="names"
          label={t['activities.bulk.names']}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['activities.bulk.namesHelp'](BULK_ACTIVITIES_MAX)}
              {count > 0 && ` · ${t['activities.bulk.count'](count)}`}
            </Typography.Text>
          }
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const parsed = parseBulkNames(value ?? '');
                if ('problem' in parsed) throw new Error(problemText(parsed.problem));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={8}
            placeholder={t['activities.bulk.namesPlaceholder']}
            aria-label={t['activities.bulk.names']}
          />
        </Form.Item>
        <Form.Item name="type" label={t['activities.form.type']}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'live', label: t['activities.type.live'] },
              { value: 'video', label: t['activities.type.video'] },
            ]}
          />
        </Form.Item>
        <Form.Item name="groupId" label={t['activities.form.group']}>
          <Select
            allowClear
            placeholder={t['activities.form.groupPlaceholder']}
            loading={groups.isLoading}
            options={groups.data?.items.map((group) => ({ value: group.id, label: group.name }))}
          />
        </Form.Item>
        <Form.Item name="startedAt" label={t['activities.form.startedAt']}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ActivitySummary } from '@yanbo/contracts';
import { Col, DatePicker, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { categoriesQuery } from '../../../app/entry-queries';
import { toastSuccess } from '../../../app/feedback';
import { errorText, newIdempotencyKey, showError } from '../../../app/http';
import { useMe } from '../../../app/session';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { subaccountTexts } from '../../../locales/zh-CN/subaccounts';
import {
  ACTIVITY_NAME_MAX,
  type ActivityFormValues,
  endIsAfterStart,
  failedField,
  initialFormValues,
  toActivityBody,
} from '../activity-form-rules';
import { activityGroupsQuery } from '../api/activity-groups';
import { activitySubagentsQuery } from '../api/activity-subagents';
import { useCreateActivity, useUpdateActivity } from '../api/save-activity';

const FIELDS = ['name', 'type', 'startedAt', 'endedAt', 'categoryId', 'groupId', 'subagentId'] as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface ActivityFormModalProps {
  open: boolean;
  /** The activity to edit; absent to create one. */
  activity?: ActivitySummary;
  /** A new activity's group: the one the list is showing. */
  defaultGroupId?: number | null;
  onClose: () => void;
}

/**
 * Create or edit an activity (seed 001 §2, §4). A new one sends the browser to its board once saved; an edit stays
 * where it is and the lists reload.
 */
export function ActivityFormModal({ open, activity, defaultGroupId, onClose }: ActivityFormModalProps) {
  const [form] = Form.useForm<ActivityFormValues>();
  const navigate = useNavigate();
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const categories = useQuery({ ...categoriesQuery(), enabled: open });
  const groups = useQuery({ ...activityGroupsQuery(), enabled: open });
  // A main account grants an activity to one of its sub-accounts; a sub-account's activities are its own.
  const isMainAccount = useMe().data?.isSubAgent === false;
  const subagents = useQuery({ ...activitySubagentsQuery(), enabled: open && isMainAccount });
  const saving = create.isPending || update.isPending;
  // A double click submits the form twice before saving shows: the second is dropped here, and the server answers a
  // repeat of the same key with the first answer (issue 8: 创建成功 and 活动名称已存在 together).
  const submitting = useRef(false);
  const createKey = useRef(newIdempotencyKey());

  useEffect(() => {
    if (!open) return;
    createKey.current = newIdempotencyKey();
    form.resetFields();
    form.setFieldsValue(initialFormValues(activity, { groupId: defaultGroupId }));
  }, [open, activity, defaultGroupId, form]);

  const submit = async (values: ActivityFormValues) => {
    if (submitting.current) return;
    submitting.current = true;
    const body = toActivityBody(values);
    try {
      if (activity) {
        await update.mutateAsync({ id: activity.id, body });
        toastSuccess(t['activities.toast.edited']);
        onClose();
      } else {
        const created = await create.mutateAsync({ body, idempotencyKey: createKey.current });
        toastSuccess(t['activities.toast.created']);
        onClose();
        // After a successful creation the user goes to the new activity (seed 001 §2, §4).
        navigate(`/board/${created.id}`);
      }
    } catch (error) {
      const field = failedField(error, FIELDS);
      if (field) form.setFields([{ name: field, errors: [await errorText(error)] }]);
      createKey.current = newIdempotencyKey();
      await showError(error);
    } finally {
      submitting.current = false;
    }
  };

  return (
    <Modal
      open={open}
      title={activity ? t['activities.form.editTitle'] : t['activities.form.createTitle']}
      okText={activity ? t['activities.form.save'] : t['activities.form.create']}
      cancelText={t['activities.form.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => !saving && onClose()}
      forceRender
      width={560}
    >
      <Form<ActivityFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        disabled={saving}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="name"
          label={t['activities.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['activities.form.nameRequired'] },
            { max: ACTIVITY_NAME_MAX, message: t['activities.form.nameTooLong'](ACTIVITY_NAME_MAX) },
          ]}
        >
          <Input placeholder={t['activities.form.namePlaceholder']} maxLength={ACTIVITY_NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item name="type" label={t['activities.form.type']} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'live', label: t['activities.type.live'], title: t['activities.form.typeLiveHint'] },
              { value: 'video', label: t['activities.type.video'], title: t['activities.form.typeVideoHint'] },
            ]}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="startedAt" label={t['activities.form.startedAt']}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="endedAt"
              label={t['activities.form.endedAt']}
              extra={t['activities.form.endedAtHelp']}
              dependencies={['startedAt']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, endedAt) =>
                    endIsAfterStart(getFieldValue('startedAt'), endedAt)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t['activities.form.endBeforeStart'])),
                }),
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={TIME_FORMAT}
                placeholder={t['activities.form.endedAtPlaceholder']}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="categoryId" label={t['activities.form.category']}>
              <Select
                allowClear
                loading={categories.isLoading}
                placeholder={t['activities.form.categoryPlaceholder']}
                options={categories.data?.items.map((category) => ({ value: category.id, label: category.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="groupId" label={t['activities.form.group']}>
              <Select
                allowClear
                loading={groups.isLoading}
                placeholder={t['activities.form.groupPlaceholder']}
                options={groups.data?.items.map((group) => ({ value: group.id, label: group.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {isMainAccount && (
          <Form.Item
            name="subagentId"
            label={subaccountTexts['subaccounts.activity.formLabel']}
            extra={subaccountTexts['subaccounts.activity.formHelp']}
            normalize={(value: number | undefined) => value ?? null}
          >
            <Select
              allowClear
              loading={subagents.isLoading}
              placeholder={subaccountTexts['subaccounts.activity.formPlaceholder']}
              options={subagents.data
                ?.filter((option) => option.id > 0)
                .map((option) => ({ value: option.id, label: option.remark }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

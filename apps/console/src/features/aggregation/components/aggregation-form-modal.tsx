import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AGGREGATION_DESCRIPTION_MAX,
  AGGREGATION_NAME_MAX,
  type Aggregation,
  type AggregationInput,
  catalogPicture,
  MAX_VENUES,
  VENUE_LABEL_MAX,
} from '@yanbo/contracts';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { AgentPictureInput } from '../../../app/components/agent-picture-input';
import { aggregationTexts as t } from '../../../locales/zh-CN/aggregation';
import { VenuePicker } from './venue-picker';

interface FormValues {
  name: string;
  cover: string;
  description: string;
  venues: { activityId?: number; label: string }[];
}

interface AggregationFormModalProps {
  open: boolean;
  /** The aggregation edited, or null for a new one. */
  aggregation: Aggregation | null;
  saving: boolean;
  onSubmit: (body: AggregationInput) => Promise<unknown>;
  onClose: () => void;
}

const pictureRule = {
  validator: (_: unknown, value: string | undefined) =>
    catalogPicture.safeParse(value ?? '').success
      ? Promise.resolve()
      : Promise.reject(new Error(t['aggregation.form.coverInvalid'])),
};

/** Add or edit an aggregation: its name, cover, description and venues in order, each an activity with a label. */
export function AggregationFormModal({ open, aggregation, saving, onSubmit, onClose }: AggregationFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const knownNames = new Map((aggregation?.venues ?? []).map((venue) => [venue.activityId, venue.name]));

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      aggregation
        ? {
            name: aggregation.name,
            cover: aggregation.cover,
            description: aggregation.description,
            venues: aggregation.venues.map((venue) => ({ activityId: venue.activityId, label: venue.label })),
          }
        : { name: '', cover: '', description: '', venues: [{ label: '' }] },
    );
  }, [open, aggregation, form]);

  const submit = async (values: FormValues) => {
    try {
      await onSubmit({
        name: values.name,
        cover: values.cover ?? '',
        description: values.description ?? '',
        venues: values.venues.map((venue) => ({ activityId: venue.activityId as number, label: venue.label ?? '' })),
      });
      onClose();
    } catch {
      // The mutation showed the failure; the form stays open with what was typed.
    }
  };

  return (
    <Modal
      open={open}
      title={aggregation ? t['aggregation.form.editTitle'] : t['aggregation.form.createTitle']}
      okText={t['aggregation.form.save']}
      cancelText={t['aggregation.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={680}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit} data-testid="aggregation-form">
        <Form.Item
          name="name"
          label={t['aggregation.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['aggregation.form.nameRequired'] },
            { max: AGGREGATION_NAME_MAX, message: t['aggregation.form.nameTooLong'] },
          ]}
        >
          <Input placeholder={t['aggregation.form.namePlaceholder']} data-testid="aggregation-name" />
        </Form.Item>
        {/* The agent's own pictures policy: the cover belongs to no one activity. */}
        <Form.Item name="cover" label={t['aggregation.form.cover']} rules={[pictureRule]}>
          <AgentPictureInput placeholder={t['aggregation.form.coverPlaceholder']} testId="aggregation-cover" />
        </Form.Item>
        <Form.Item name="description" label={t['aggregation.form.description']}>
          <Input.TextArea rows={2} showCount maxLength={AGGREGATION_DESCRIPTION_MAX} />
        </Form.Item>
        <Typography.Text strong>{t['aggregation.form.venues']}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
          {t['aggregation.form.venuesHint']}
        </Typography.Paragraph>
        <Form.List
          name="venues"
          rules={[
            {
              validator: async (_, venues?: unknown[]) => {
                if (!venues?.length) throw new Error(t['aggregation.form.venuesRequired']);
              },
            },
          ]}
        >
          {(fields, { add, remove, move }, { errors }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="flex-start" data-testid={`venue-${index}`}>
                  <Form.Item
                    name={[field.name, 'label']}
                    rules={[{ max: VENUE_LABEL_MAX, message: t['aggregation.form.labelTooLong'] }]}
                    style={{ width: 140, marginBottom: 0 }}
                  >
                    <Input
                      placeholder={t['aggregation.form.labelPlaceholder'](index + 1)}
                      aria-label={t['aggregation.form.label']}
                      data-testid={`venue-label-${index}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'activityId']}
                    rules={[{ required: true, message: t['aggregation.form.activityRequired'] }]}
                    style={{ flex: 1, marginBottom: 0 }}
                  >
                    <VenuePicker
                      testId={`venue-activity-${index}`}
                      knownName={knownNames.get(form.getFieldValue(['venues', field.name, 'activityId']))}
                    />
                  </Form.Item>
                  <Button
                    icon={<ArrowUpOutlined />}
                    aria-label={t['aggregation.form.up']}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    icon={<ArrowDownOutlined />}
                    aria-label={t['aggregation.form.down']}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t['aggregation.form.remove']}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_VENUES}
                onClick={() => add({ label: '' })}
                data-testid="venue-add"
              >
                {t['aggregation.form.addVenue']}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

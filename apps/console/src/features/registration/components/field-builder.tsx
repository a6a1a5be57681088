import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  REGISTRATION_FIELD_TYPES,
  REGISTRATION_FIELDS_MAX,
  type RegistrationField,
  type RegistrationFieldType,
  type UserExtraField,
} from '@yanbo/contracts';
import { Button, Card, Dropdown, Empty, Flex, Input, Select, Switch, Tag, Tooltip, Typography } from 'antd';
import { registrationFieldTypeTexts, registrationTexts as t } from '../../../locales/zh-CN/registration';

interface FieldBuilderProps {
  fields: RegistrationField[];
  onChange: (fields: RegistrationField[]) => void;
  /** The agent's CRM extra fields (user_extra_conf), for the `extra` type. */
  extraFields: UserExtraField[];
}

const CHOICES: readonly RegistrationFieldType[] = ['select', 'multiSelect'];

/** A key no field of the form has yet (f1, f2, …): keys tie answers to fields across edits. */
function freshKey(fields: RegistrationField[]): string {
  const taken = new Set(fields.map((field) => field.key));
  let n = fields.length + 1;
  while (taken.has(`f${n}`)) n += 1;
  return `f${n}`;
}

function newField(type: RegistrationFieldType, fields: RegistrationField[], extra?: UserExtraField): RegistrationField {
  return {
    key: freshKey(fields),
    label: extra?.label ?? registrationFieldTypeTexts[type].replace(/（.*）/, ''),
    type,
    required: type === 'mobile',
    options: CHOICES.includes(type) ? ['选项一', '选项二'] : [],
    ...(extra ? { extraKey: extra.key } : {}),
  };
}

/** The field builder: add a field of a type, word it, mark it required, give a choice its options, reorder, remove. */
export function FieldBuilder({ fields, onChange, extraFields }: FieldBuilderProps) {
  const set = (index: number, patch: Partial<RegistrationField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved as RegistrationField);
    onChange(next);
  };
  const hasMobile = fields.some((field) => field.type === 'mobile');
  const usedExtras = new Set(fields.flatMap((field) => (field.extraKey ? [field.extraKey] : [])));
  const freeExtras = extraFields.filter((field) => !usedExtras.has(field.key));

  const items = REGISTRATION_FIELD_TYPES.map((type) => ({
    key: type,
    label:
      type === 'mobile' && hasMobile ? (
        <Tooltip title={t['registration.editor.mobileOnce']}>{registrationFieldTypeTexts[type]}</Tooltip>
      ) : (
        registrationFieldTypeTexts[type]
      ),
    disabled: (type === 'mobile' && hasMobile) || (type === 'extra' && freeExtras.length === 0),
    ...(type === 'extra'
      ? {
          children: freeExtras.length
            ? freeExtras.map((extra) => ({ key: `extra:${extra.key}`, label: extra.label }))
            : undefined,
        }
      : {}),
  }));

  return (
    <Flex vertical gap={12}>
      <Dropdown
        disabled={fields.length >= REGISTRATION_FIELDS_MAX}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key.startsWith('extra:')) {
              const extra = extraFields.find((field) => field.key === key.slice(6));
              if (extra) onChange([...fields, newField('extra', fields, extra)]);
              return;
            }
            onChange([...fields, newField(key as RegistrationFieldType, fields)]);
          },
        }}
      >
        <Button icon={<PlusOutlined />} style={{ alignSelf: 'flex-start' }}>
          {t['registration.editor.addField']}
        </Button>
      </Dropdown>
      {fields.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['registration.editor.noFields']} />
      )}
      {fields.map((field, index) => (
        <Card key={field.key} size="small" data-testid={`field-${field.key}`}>
          <Flex vertical gap={8}>
            <Flex align="center" gap={8} wrap>
              <Tag color="blue">{registrationFieldTypeTexts[field.type]}</Tag>
              <Input
                aria-label={t['registration.editor.label']}
                placeholder={t['registration.editor.label']}
                value={field.label}
                maxLength={30}
                onChange={(event) => set(index, { label: event.target.value })}
                style={{ flex: 1, minWidth: 160 }}
              />
              <Typography.Text type="secondary">{t['registration.editor.required']}</Typography.Text>
              <Switch size="small" checked={field.required} onChange={(required) => set(index, { required })} />
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t['registration.editor.moveUp']}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t['registration.editor.moveDown']}
                disabled={index === fields.length - 1}
                onClick={() => move(index, 1)}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t['registration.editor.remove']}
                onClick={() => onChange(fields.filter((_, at) => at !== index))}
              />
            </Flex>
            {CHOICES.includes(field.type) && (
              <Input.TextArea
                aria-label={t['registration.editor.options']}
                placeholder={t['registration.editor.options']}
                autoSize={{ minRows: 2, maxRows: 6 }}
                value={field.options.join('\n')}
                onChange={(event) => set(index, { options: event.target.value.split('\n') })}
              />
            )}
            {field.type === 'extra' && (
              <Select
                aria-label={t['registration.editor.extraKey']}
                value={field.extraKey}
                notFoundContent={t['registration.editor.extraNone']}
                options={extraFields
                  .filter((extra) => extra.key === field.extraKey || !usedExtras.has(extra.key))
                  .map((extra) => ({ value: extra.key, label: extra.label }))}
                onChange={(extraKey: string) => set(index, { extraKey })}
              />
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

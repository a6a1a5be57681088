import { useQuery } from '@tanstack/react-query';
import { AGENT_MARGIN_MAX, type AreaRegion, agentCreateBody, password as passwordSchema } from '@yanbo/contracts';
import { Cascader, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { agentFieldsQuery, managerOptionsQuery } from '../api/agent-queries';

// The agent's fields (seed 000 §3), shared by the create screen and the edit tabs.

const CONTACT_MAX = agentCreateBody.shape.contact.unwrap().maxLength ?? 50;
const COMPANY_MAX = agentCreateBody.shape.company.unwrap().maxLength ?? 100;
const PASSWORD_MIN = passwordSchema.minLength ?? 8;
const PASSWORD_MAX = passwordSchema.maxLength ?? 64;
const ADDRESS_MAX = 200;
const MOBILE = /^1[3-9]\d{9}$/;

export function BasicFields({ mode, areas }: { mode: 'create' | 'edit'; areas: AreaRegion[] | undefined }) {
  const fields = useQuery(agentFieldsQuery());
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="mobile"
            label={t['agents.form.mobile']}
            rules={[
              { required: true, message: t['agents.form.mobileRequired'] },
              { pattern: MOBILE, message: t['agents.form.mobileInvalid'] },
            ]}
          >
            <Input placeholder={t['agents.form.mobilePlaceholder']} maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="password"
            label={mode === 'create' ? t['agents.form.password'] : t['agents.form.passwordEdit']}
            extra={mode === 'edit' ? t['agents.form.passwordHelp'] : undefined}
            rules={[
              { required: mode === 'create', message: t['agents.form.passwordRequired'] },
              { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t['agents.form.passwordLength'] },
            ]}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={
                mode === 'create' ? t['agents.form.passwordPlaceholder'] : t['agents.form.passwordEditPlaceholder']
              }
              maxLength={PASSWORD_MAX}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="contact"
            label={t['agents.form.contact']}
            rules={[{ max: CONTACT_MAX, message: t['agents.form.tooLong'](CONTACT_MAX) }]}
          >
            <Input placeholder={t['agents.form.contactPlaceholder']} maxLength={CONTACT_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="company"
            label={t['agents.form.company']}
            rules={[{ max: COMPANY_MAX, message: t['agents.form.tooLong'](COMPANY_MAX) }]}
          >
            <Input placeholder={t['agents.form.companyPlaceholder']} maxLength={COMPANY_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t['agents.form.email']}
            rules={[{ type: 'email', message: t['agents.form.emailInvalid'] }]}
          >
            <Input placeholder={t['agents.form.emailPlaceholder']} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="fieldId" label={t['agents.form.field']}>
            <Select
              allowClear
              loading={fields.isLoading}
              placeholder={t['agents.form.fieldPlaceholder']}
              options={fields.data?.items.map((field) => ({ value: field.id, label: field.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="area"
            label={t['agents.form.area']}
            rules={[{ required: true, type: 'array', min: 1, message: t['agents.form.areaRequired'] }]}
          >
            <Cascader
              options={areas}
              fieldNames={{ label: 'name', value: 'id', children: 'children' }}
              changeOnSelect
              showSearch
              loading={!areas}
              placeholder={t['agents.form.areaPlaceholder']}
              displayRender={(labels) => labels.join(' / ')}
              aria-label={t['agents.form.area']}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* No min on the input: it would clamp −500 to 0 silently; the rule refuses it instead (issue 8). */}
          <Form.Item
            name="margin"
            label={t['agents.form.margin']}
            rules={[{ type: 'number', min: 0, message: t['agents.form.marginNegative'] }]}
          >
            <InputNumber max={AGENT_MARGIN_MAX} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="address"
        label={t['agents.form.address']}
        rules={[{ max: ADDRESS_MAX, message: t['agents.form.tooLong'](ADDRESS_MAX) }]}
      >
        <Input placeholder={t['agents.form.addressPlaceholder']} maxLength={ADDRESS_MAX} />
      </Form.Item>
    </>
  );
}

/** Cooperation information: level (below the caller's own), contract period, account manager. */
export function CoopFields({
  maxLevel,
  managerEditable,
  currentManager,
}: {
  maxLevel: number;
  /** Only a directly lower agent's manager is one of the caller's own sub-accounts. */
  managerEditable: boolean;
  currentManager?: { value: number; label: string } | null;
}) {
  const managers = useQuery({ ...managerOptionsQuery(), enabled: managerEditable });
  const options = managers.data ?? [];
  const managerOptions =
    currentManager && !options.some((option) => option.value === currentManager.value)
      ? [currentManager, ...options]
      : options;
  return (
    <Row gutter={24}>
      <Col xs={24} md={8}>
        <Form.Item
          name="coopLevel"
          label={t['agents.form.coopLevel']}
          extra={t['agents.form.coopLevelHelp'](maxLevel + 1)}
          rules={[{ required: true, message: t['agents.form.coopLevelRequired'] }]}
        >
          <InputNumber min={0} max={Math.max(maxLevel, 0)} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="contract" label={t['agents.form.contract']}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t['agents.form.contractStart'], t['agents.form.contractEnd']]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="managerId" label={t['agents.form.manager']}>
          <Select
            allowClear
            disabled={!managerEditable}
            loading={managers.isLoading}
            placeholder={t['agents.form.managerPlaceholder']}
            options={managerOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

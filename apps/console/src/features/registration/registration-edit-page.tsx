import { useQuery } from '@tanstack/react-query';
import {
  audienceCalls,
  type RegistrationConfig,
  type RegistrationField,
  type RegistrationKind,
  registrationConfig,
} from '@yanbo/contracts';
import { Button, Card, Col, Flex, Form, Input, Result, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { api } from '../../app/http';
import { useMe } from '../../app/session';
import { registrationTexts as t } from '../../locales/zh-CN/registration';
import { registrationQuery, useRegistrationMutations } from './api/registration';
import { FieldBuilder } from './components/field-builder';
import { FormPreview } from './components/form-preview';
import { idFromSearch, registrationPaths } from './registration-paths';

/** Options as typed one a line: trimmed, blank lines left out, each once. */
const cleanFields = (fields: RegistrationField[]): RegistrationField[] =>
  fields.map((field) => ({
    ...field,
    label: field.label.trim(),
    options: [...new Set(field.options.map((option) => option.trim()).filter(Boolean))],
  }));

/**
 * /Enroll/edit and /application/form/create|edit (seed 000 §2): the field builder beside a live preview of the form
 * as the viewer's phone shows it, and the page's settings. Without `?id=` it creates a form.
 */
export function RegistrationEditPage({ kind }: { kind: RegistrationKind }) {
  const paths = registrationPaths(kind);
  const [search] = useSearchParams();
  const id = idFromSearch(search);
  const navigate = useNavigate();
  const me = useMe();
  const existing = useQuery({ ...registrationQuery(id ?? 0), enabled: id !== null });
  // Seed 001 §6: the CRM is the main account's; a sub-account builds without its fields.
  const extras = useQuery({
    queryKey: ['registration', 'extra-fields', me.data?.id] as const,
    queryFn: ({ signal }) => api(audienceCalls.getUserExtraConf, { params: { agentId: me.data?.id ?? 0 }, signal }),
    enabled: !!me.data && !me.data.isSubAgent,
  });
  const { create, update } = useRegistrationMutations();
  const [name, setName] = useState('');
  const [fields, setFields] = useState<RegistrationField[]>([]);
  const [config, setConfig] = useState<RegistrationConfig>(() => registrationConfig.parse({}));
  const [loadedId, setLoadedId] = useState<number | null>(null);

  useEffect(() => {
    if (existing.data && existing.data.id !== loadedId) {
      setName(existing.data.name);
      setFields(existing.data.fields);
      setConfig(existing.data.config);
      setLoadedId(existing.data.id);
    }
  }, [existing.data, loadedId]);

  if (id !== null && existing.isError) {
    return (
      <>
        <PageHeader name={paths.routes.edit} />
        <Card>
          <Result status="404" title={t['registration.emptyFiltered']} />
        </Card>
      </>
    );
  }
  if (id !== null && !existing.data) return <Skeleton active />;

  const setPage = (patch: Partial<RegistrationConfig>) => setConfig((current) => ({ ...current, ...patch }));
  const saving = create.isPending || update.isPending;
  const save = async () => {
    const body = { name: name.trim(), fields: cleanFields(fields), config };
    if (id === null) {
      const created = await create.mutateAsync({ kind, ...body }).catch(() => null);
      if (created) navigate(paths.edit(created.id), { replace: true });
    } else {
      await update.mutateAsync({ id, body }).catch(() => undefined);
    }
  };

  return (
    <>
      <PageHeader
        name={id === null ? paths.routes.create : paths.routes.edit}
        extra={
          <Space>
            {id !== null && (
              <Button onClick={() => navigate(paths.records(id))}>
                {kind === 'enroll' ? t['registration.records'] : t['registration.data']}
              </Button>
            )}
            <Button type="primary" loading={saving} disabled={!name.trim()} onClick={save}>
              {t['registration.editor.save']}
            </Button>
          </Space>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <Card>
              <Form layout="vertical">
                <Form.Item
                  label={t['registration.editor.name']}
                  required
                  validateStatus={name.trim() ? undefined : 'error'}
                  help={name.trim() ? undefined : t['registration.editor.nameRequired']}
                >
                  <Input
                    value={name}
                    maxLength={60}
                    showCount
                    placeholder={t['registration.editor.namePlaceholder']}
                    onChange={(event) => setName(event.target.value)}
                  />
                </Form.Item>
              </Form>
            </Card>
            <Card title={t['registration.editor.fields']}>
              <FieldBuilder fields={fields} onChange={setFields} extraFields={extras.data?.fields ?? []} />
            </Card>
            <Card title={t['registration.editor.page']}>
              <Form layout="vertical">
                <Form.Item label={t['registration.editor.title']}>
                  <Input value={config.title} maxLength={60} onChange={(e) => setPage({ title: e.target.value })} />
                </Form.Item>
                <Form.Item label={t['registration.editor.description']}>
                  <Input.TextArea
                    value={config.description}
                    maxLength={500}
                    autoSize={{ minRows: 2, maxRows: 5 }}
                    onChange={(e) => setPage({ description: e.target.value })}
                  />
                </Form.Item>
                <Row gutter={16}>
                  <Col span={12}>
                    <Form.Item label={t['registration.editor.submitText']}>
                      <Input
                        value={config.submitText}
                        maxLength={10}
                        placeholder={t['registration.preview.submit']}
                        onChange={(e) => setPage({ submitText: e.target.value })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item label={t['registration.editor.successText']}>
                      <Input
                        value={config.successText}
                        maxLength={60}
                        placeholder="提交成功"
                        onChange={(e) => setPage({ successText: e.target.value })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                {kind === 'enroll' && (
                  <Form.Item
                    label={t['registration.editor.needsReview']}
                    extra={t['registration.editor.needsReviewHint']}
                  >
                    <Switch
                      aria-label={t['registration.editor.needsReview']}
                      checked={config.needsReview}
                      onChange={(needsReview) => setPage({ needsReview })}
                    />
                  </Form.Item>
                )}
                <Form.Item label={t['registration.editor.closed']}>
                  <Switch checked={config.closed} onChange={(closed) => setPage({ closed })} />
                </Form.Item>
              </Form>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t['registration.editor.preview']} style={{ position: 'sticky', top: 16 }}>
            <Flex justify="center">
              <FormPreview name={name} fields={fields} config={config} extraFields={extras.data?.fields ?? []} />
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, textAlign: 'center' }}>
              {kind === 'enroll' ? t['registration.hint.enroll'] : t['registration.hint.form']}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </>
  );
}

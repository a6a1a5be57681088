import { useQuery } from '@tanstack/react-query';
import { APPEARANCE_HEADING_MAX, appearanceHeading, type CatalogAppearance } from '@yanbo/contracts';
import { Button, Col, ColorPicker, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { appearanceQuery, useSaveAppearance } from '../api/catalogs';
import { schemaRule } from '../catalog-rules';

/** The public page's look: its two section headings (required, at most 4, seed 001 §5) and its colour. */
export function AppearanceTab({ catalogId, catalogName }: { catalogId: number; catalogName: string }) {
  const appearance = useQuery(appearanceQuery(catalogId));
  if (!appearance.data) return <Skeleton active />;
  return <AppearanceForm catalogId={catalogId} catalogName={catalogName} appearance={appearance.data} />;
}

function AppearanceForm({
  catalogId,
  catalogName,
  appearance,
}: {
  catalogId: number;
  catalogName: string;
  appearance: CatalogAppearance;
}) {
  const [form] = Form.useForm<CatalogAppearance>();
  const save = useSaveAppearance(catalogId);
  const chaptersHeading = Form.useWatch('chaptersHeading', form) ?? appearance.chaptersHeading;
  const abstractHeading = Form.useWatch('abstractHeading', form) ?? appearance.abstractHeading;
  const color = Form.useWatch('themeColor', form) ?? appearance.themeColor;
  const headingRules = [schemaRule(appearanceHeading)];
  return (
    <Row gutter={32}>
      <Col xs={24} lg={12}>
        <Form<CatalogAppearance>
          form={form}
          layout="vertical"
          initialValues={appearance}
          onFinish={(values) =>
            save.mutate({
              chaptersHeading: values.chaptersHeading.trim(),
              abstractHeading: values.abstractHeading.trim(),
              themeColor: values.themeColor,
            })
          }
        >
          <Form.Item
            name="chaptersHeading"
            label={t['catalogs.appearance.chaptersHeading']}
            extra={t['catalogs.appearance.headingHint']}
            rules={headingRules}
          >
            <Input
              count={{ show: true, max: APPEARANCE_HEADING_MAX }}
              style={{ width: 200 }}
              data-testid="chapters-heading"
            />
          </Form.Item>
          <Form.Item
            name="abstractHeading"
            label={t['catalogs.appearance.abstractHeading']}
            extra={t['catalogs.appearance.headingHint']}
            rules={headingRules}
          >
            <Input
              count={{ show: true, max: APPEARANCE_HEADING_MAX }}
              style={{ width: 200 }}
              data-testid="abstract-heading"
            />
          </Form.Item>
          <Form.Item
            name="themeColor"
            label={t['catalogs.appearance.themeColor']}
            getValueFromEvent={(value: { toHexString: () => string }) => value.toHexString().slice(0, 7)}
          >
            <ColorPicker disabledAlpha showText />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['catalogs.appearance.save']}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Text type="secondary">{t['catalogs.appearance.preview']}</Typography.Text>
        <div
          style={{
            marginTop: 8,
            width: 280,
            border: '1px solid #f0f0f0',
            borderRadius: 16,
            padding: 16,
            background: '#fff',
          }}
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {catalogName}
          </Typography.Title>
          {[
            ['chapters', chaptersHeading],
            ['abstract', abstractHeading],
          ].map(([key, heading]) => (
            <Flex key={key} vertical gap={6} style={{ marginTop: 12 }}>
              <span style={{ borderLeft: `4px solid ${color}`, paddingLeft: 8, fontWeight: 600 }}>{heading}</span>
              <div style={{ height: 10, background: '#f0f0f0', borderRadius: 4 }} />
              <div style={{ height: 10, width: '70%', background: '#f0f0f0', borderRadius: 4 }} />
            </Flex>
          ))}
        </div>
      </Col>
    </Row>
  );
}

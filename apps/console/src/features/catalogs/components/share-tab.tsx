import { useQuery } from '@tanstack/react-query';
import { type CatalogShare, catalogPicture } from '@yanbo/contracts';
import { Button, Card, Col, Flex, Form, Image, Input, Row, Skeleton, Typography } from 'antd';
import { AgentPictureInput } from '../../../app/components/agent-picture-input';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { shareQuery, useSaveShare } from '../api/catalogs';

const pictureRule = {
  validator: (_: unknown, value: string | undefined) =>
    catalogPicture.safeParse(value ?? '').success
      ? Promise.resolve()
      : Promise.reject(new Error(t['catalogs.share.pictureInvalid'])),
};

/** The catalog's share card: the og: tags of its public page; an empty title falls back to the catalog's name. */
export function ShareTab({ catalogId, catalogName }: { catalogId: number; catalogName: string }) {
  const share = useQuery(shareQuery(catalogId));
  if (!share.data) return <Skeleton active />;
  return <ShareForm catalogId={catalogId} catalogName={catalogName} share={share.data} />;
}

function ShareForm({ catalogId, catalogName, share }: { catalogId: number; catalogName: string; share: CatalogShare }) {
  const [form] = Form.useForm<CatalogShare>();
  const save = useSaveShare(catalogId);
  const title = Form.useWatch('title', form) ?? share.title;
  const description = Form.useWatch('description', form) ?? share.description;
  const picture = Form.useWatch('picture', form) ?? share.picture;
  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form<CatalogShare>
          form={form}
          layout="vertical"
          initialValues={share}
          onFinish={(values) =>
            save.mutate({
              title: (values.title ?? '').trim(),
              description: (values.description ?? '').trim(),
              picture: (values.picture ?? '').trim(),
            })
          }
        >
          <Form.Item
            name="title"
            label={t['catalogs.share.title']}
            rules={[{ max: 60, message: t['catalogs.share.titleTooLong'] }]}
          >
            <Input
              placeholder={t['catalogs.share.titlePlaceholder']}
              showCount
              maxLength={60}
              data-testid="share-title"
            />
          </Form.Item>
          <Form.Item
            name="description"
            label={t['catalogs.share.description']}
            rules={[{ max: 200, message: t['catalogs.share.descriptionTooLong'] }]}
          >
            <Input.TextArea rows={3} showCount maxLength={200} data-testid="share-description" />
          </Form.Item>
          {/* The agent's own pictures policy: the share picture belongs to no activity. */}
          <Form.Item name="picture" label={t['catalogs.share.picture']} rules={[pictureRule]}>
            <AgentPictureInput placeholder={t['catalogs.share.picturePlaceholder']} testId="share-picture" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['catalogs.share.save']}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Text type="secondary">{t['catalogs.share.preview']}</Typography.Text>
        <Card size="small" style={{ marginTop: 8, maxWidth: 360, background: '#fafafa' }}>
          <Flex gap={12}>
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {title || catalogName}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 12 }}>
                {description}
              </Typography.Paragraph>
            </Flex>
            {picture && catalogPicture.safeParse(picture).success ? (
              <Image
                src={picture}
                width={56}
                height={56}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                preview={false}
              />
            ) : (
              <div style={{ width: 56, height: 56, borderRadius: 4, background: '#e8e8e8', flex: 'none' }} />
            )}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

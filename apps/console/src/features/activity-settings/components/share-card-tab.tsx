import { useQuery } from '@tanstack/react-query';
import type { Invitation, ShareCard } from '@yanbo/contracts';
import { Button, Card, Col, Flex, Form, Input, QRCode, Row, Switch, Typography } from 'antd';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { invitationQuery, shareCardQuery, useSaveInvitation, useSaveShareCard } from '../api/settings-queries';
import { isImageAddress } from '../settings-rules';
import { PictureAddressInput } from './picture-address-input';
import { ImagePreview, SettingsSection } from './settings-section';

const imageRule = {
  validator: (_: unknown, value: string | undefined) =>
    isImageAddress((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t['settings.urlInvalid'])),
};

function ShareCardForm({ activityId, card }: { activityId: number; card: ShareCard }) {
  const [form] = Form.useForm<ShareCard>();
  const save = useSaveShareCard(activityId);
  const title = Form.useWatch('title', form) ?? card.title;
  const description = Form.useWatch('description', form) ?? card.description;
  const image = Form.useWatch('image', form) ?? card.image;
  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form<ShareCard>
          form={form}
          layout="vertical"
          initialValues={card}
          onFinish={(values) => save.mutate(values, { onSuccess: (saved) => form.setFieldsValue(saved) })}
        >
          <Form.Item
            name="title"
            label={t['shareCard.cardTitle']}
            rules={[{ max: 60, message: t['shareCard.titleTooLong'] }]}
          >
            <Input placeholder={t['shareCard.cardTitlePlaceholder']} showCount maxLength={60} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t['shareCard.description']}
            rules={[{ max: 200, message: t['shareCard.descriptionTooLong'] }]}
          >
            <Input.TextArea rows={3} showCount maxLength={200} />
          </Form.Item>
          <Form.Item name="image" label={t['shareCard.image']} rules={[imageRule]}>
            <PictureAddressInput activityId={activityId} testId="share-card-image" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['settings.save']}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Text type="secondary">{t['shareCard.preview']}</Typography.Text>
        <Card size="small" style={{ marginTop: 8, maxWidth: 360, background: '#fafafa' }}>
          <Flex gap={12}>
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {title || t['shareCard.cardTitlePlaceholder']}
              </Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 12 }}>
                {description}
              </Typography.Paragraph>
            </Flex>
            <ImagePreview src={isImageAddress(image) ? image : ''} width={64} height={64} />
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

export function ShareCardTab({ activityId }: { activityId: number }) {
  const query = useQuery(shareCardQuery(activityId));
  return (
    <SettingsSection title={t['shareCard.title']} hint={t['shareCard.hint']} query={query}>
      {(card) => <ShareCardForm activityId={activityId} card={card} />}
    </SettingsSection>
  );
}

function InvitationForm({ activityId, invitation }: { activityId: number; invitation: Invitation }) {
  const [form] = Form.useForm<Invitation>();
  const save = useSaveInvitation(activityId);
  const background = Form.useWatch('backgroundImg', form) ?? invitation.backgroundImg;
  const cover = Form.useWatch('cover', form) ?? invitation.cover;
  const title = Form.useWatch('title', form) ?? invitation.title;
  const description = Form.useWatch('description', form) ?? invitation.description;
  const showInviter = Form.useWatch('showInviter', form) ?? invitation.showInviter;
  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form<Invitation>
          form={form}
          layout="vertical"
          initialValues={invitation}
          onFinish={(values) => save.mutate(values, { onSuccess: (saved) => form.setFieldsValue(saved) })}
        >
          <Form.Item name="isEnabled" label={t['invitation.enabled']} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="title"
            label={t['invitation.cardTitle']}
            rules={[{ max: 60, message: t['shareCard.titleTooLong'] }]}
          >
            <Input showCount maxLength={60} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t['invitation.description']}
            rules={[{ max: 200, message: t['shareCard.descriptionTooLong'] }]}
          >
            <Input.TextArea rows={3} showCount maxLength={200} />
          </Form.Item>
          <Form.Item name="backgroundImg" label={t['invitation.backgroundImg']} rules={[imageRule]}>
            <PictureAddressInput activityId={activityId} testId="invitation-background" />
          </Form.Item>
          <Form.Item name="cover" label={t['invitation.cover']} rules={[imageRule]}>
            <PictureAddressInput activityId={activityId} testId="invitation-cover" />
          </Form.Item>
          <Form.Item name="showInviter" label={t['invitation.showInviter']} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['settings.save']}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Typography.Text type="secondary">{t['shareCard.preview']}</Typography.Text>
        {/* The card as a viewer opens it on the watch page: background, cover, texts, the inviter and the QR code. */}
        <Flex
          vertical
          align="center"
          gap={8}
          data-testid="invitation-preview"
          style={{
            marginTop: 8,
            width: 260,
            padding: 16,
            borderRadius: 12,
            textAlign: 'center',
            background:
              background && isImageAddress(background)
                ? `center / cover no-repeat url("${background}")`
                : 'linear-gradient(160deg, #e6f0ff, #fff 60%)',
          }}
        >
          {cover && isImageAddress(cover) && <ImagePreview src={cover} width={228} height={128} />}
          <Typography.Text strong style={{ fontSize: 16 }}>
            {title}
          </Typography.Text>
          {description && <Typography.Text type="secondary">{description}</Typography.Text>}
          {showInviter && (
            <Typography.Text style={{ color: '#1677ff' }}>{t['invitation.previewInviter']}</Typography.Text>
          )}
          <QRCode value={t['invitation.previewLink']} size={96} bordered={false} style={{ background: '#fff' }} />
        </Flex>
      </Col>
    </Row>
  );
}

export function InvitationTab({ activityId }: { activityId: number }) {
  const query = useQuery(invitationQuery(activityId));
  return (
    <SettingsSection title={t['invitation.title']} hint={t['invitation.hint']} query={query}>
      {(invitation) => <InvitationForm activityId={activityId} invitation={invitation} />}
    </SettingsSection>
  );
}

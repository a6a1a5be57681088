import { COUNTDOWN_POSITIONS, LOGO_POSITIONS } from '@yanbo/contracts';
import { Col, Divider, Form, Input, Radio, Row, Select, Slider, Switch, Typography } from 'antd';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { parseMobileLines } from '../template-form-rules';
import { ColorField } from './color-field';
import { ImageField } from './image-field';
import { PictureSlotsField } from './picture-slots-field';

const VOTE_FLAGS = [
  'isVoteFloatingEnabled',
  'isVoteBannerEnabled',
  'isVoteChatboxEnabled',
  'isVoteDisableClose',
  'isCommentRTDisplayDisabled',
] as const;

const mobilesRule = {
  validator: (_: unknown, value: string | undefined) => {
    const parsed = parseMobileLines(value ?? '');
    if (parsed.ok) return Promise.resolve();
    const text = parsed.problem === 'invalid' ? t['template.mobiles.invalid'] : t['template.mobiles.duplicate'];
    return Promise.reject(new Error(text(parsed.line)));
  },
};

const positionOptions = (positions: readonly (typeof LOGO_POSITIONS)[number][]) =>
  positions.map((value) => ({ value, label: t[`template.position.${value}`] }));

/** The display tab: logo, images, colours, comment style, vote and comment flags, mobile lists (seed 001 §3). */
export function DisplayForm({ activityId }: { activityId: number }) {
  return (
    <>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t['template.section.logo']}
      </Divider>
      <Form.Item label={t['template.positionLogo']} name="positionLogo">
        <Radio.Group optionType="button" options={positionOptions(LOGO_POSITIONS)} data-testid="position-logo" />
      </Form.Item>
      <Form.Item label={t['template.imgLogo']} name="imgLogo">
        <ImageField activityId={activityId} testId="img-logo" />
      </Form.Item>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item label={t['template.imgLogoScale']} name="imgLogoScale">
            <Slider min={1} max={100} tooltip={{ formatter: (value) => `${value}%` }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t['template.imgLogoTransparency']} name="imgLogoTransparency">
            <Slider min={0} max={100} tooltip={{ formatter: (value) => `${value}%` }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t['template.countdownPosition']} name="countdownPosition">
        <Select options={positionOptions(COUNTDOWN_POSITIONS)} style={{ width: 160 }} />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t['template.section.images']}
      </Divider>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item label={t['template.imgCover']} name="imgCover">
            <ImageField activityId={activityId} testId="img-cover" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t['template.imgBackground']} name="imgBackground">
            <ImageField activityId={activityId} testId="img-background" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t['template.colorBackground']} name="colorBackground">
        <ColorField testId="color-background" />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t['template.section.slides']}
      </Divider>
      {(['prologuePaths', 'epiloguePaths', 'scenePaths'] as const).map((list) => (
        <Form.Item key={list} label={t[`template.${list}`]} tooltip={t[`template.${list}.hint`]} name={list}>
          <PictureSlotsField activityId={activityId} list={list} testId={`slots-${list}`} />
        </Form.Item>
      ))}

      <Divider titlePlacement="start" plain>
        {t['template.section.comment']}
      </Divider>
      <Form.Item label={t['template.comment.template']} name={['commentStyleCustomized', 'template']}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'default', label: t['template.comment.template.default'] },
            { value: 'custom', label: t['template.comment.template.custom'] },
          ]}
          data-testid="comment-template"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[['commentStyleCustomized', 'template']]}>
        {({ getFieldValue }) =>
          getFieldValue(['commentStyleCustomized', 'template']) === 'custom' && (
            <>
              <Row gutter={24}>
                {(['tabsColor', 'backgroundColor', 'inputColor', 'fontColor'] as const).map((key) => (
                  <Col span={12} key={key}>
                    <Form.Item label={t[`template.comment.${key}`]} name={['commentStyleCustomized', key]}>
                      <ColorField testId={`comment-${key}`} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Form.Item label={t['template.comment.backgroundImg']} name={['commentStyleCustomized', 'backgroundImg']}>
                <ImageField activityId={activityId} testId="comment-background-img" />
              </Form.Item>
            </>
          )
        }
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t['template.section.vote']}
      </Divider>
      <Row gutter={[24, 0]}>
        {VOTE_FLAGS.map((flag) => (
          <Col span={12} key={flag}>
            <Form.Item
              label={t[`template.${flag}`]}
              name={flag}
              valuePropName="checked"
              tooltip={
                flag === 'isCommentRTDisplayDisabled' ? t['template.isCommentRTDisplayDisabled.hint'] : undefined
              }
            >
              <Switch data-testid={`flag-${flag}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start" plain>
        {t['template.section.mobiles']}
      </Divider>
      <Row gutter={24}>
        {(['subscribedMobileText', 'allowedMobilesText'] as const).map((name) => (
          <Col span={12} key={name}>
            <Form.Item
              label={
                name === 'subscribedMobileText' ? t['template.subscribedMobileList'] : t['template.allowedMobiles']
              }
              name={name}
              rules={[mobilesRule]}
              extra={
                <Form.Item noStyle dependencies={[name]}>
                  {({ getFieldValue }) => {
                    const parsed = parseMobileLines(getFieldValue(name) ?? '');
                    return (
                      <Typography.Text type="secondary">
                        {t['template.mobiles.count'](parsed.ok ? parsed.mobiles.length : 0)}
                      </Typography.Text>
                    );
                  }}
                </Form.Item>
              }
            >
              <Input.TextArea rows={4} placeholder={t['template.mobiles.placeholder']} data-testid={name} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}

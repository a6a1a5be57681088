import { Form, Input, Switch } from 'antd';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';
import { NamedSelect } from '../named-picker';
import { PictureField } from '../picture-field';

/** 视频: a recorded activity shown with its cover; tapping it opens its watch page. */
export function VideoFields() {
  return (
    <>
      <Form.Item name="activityId" label={t['pages.field.activity']}>
        <NamedSelect of="activities" testId="video-activity" />
      </Form.Item>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="cover" label={t['pages.field.cover']}>
        <PictureField testId="video-cover" />
      </Form.Item>
    </>
  );
}

/** 播放器: an activity's player in the page, its live or its recording. */
export function PlayerFields() {
  return (
    <>
      <Form.Item name="activityId" label={t['pages.field.activity']}>
        <NamedSelect of="activities" testId="player-activity" />
      </Form.Item>
      <Form.Item name="autoplay" label={t['pages.field.autoplay']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="muted" label={t['pages.field.muted']} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

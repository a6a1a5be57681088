import { App } from 'antd';
import { setFeedbackApi } from './feedback';

/** Hands antd's themed message/modal to code outside React (see feedback.ts); renders nothing. */
export function FeedbackBridge() {
  setFeedbackApi(App.useApp());
  return null;
}

import type { App } from 'antd';

// antd's message and modal with the app's theme and locale, reachable outside React (the HTTP client, query
// callbacks). <FeedbackBridge/> in the root fills it from App.useApp().

type AppApi = ReturnType<typeof App.useApp>;

let api: AppApi | null = null;

export function setFeedbackApi(value: AppApi) {
  api = value;
}

export function feedback(): AppApi {
  if (!api) throw new Error('feedback used before <FeedbackBridge/> mounted');
  return api;
}

/** The one success convention: a toast with the seed's text (保存成功, 修改成功, 发送成功 …). */
export function toastSuccess(text: string) {
  feedback().message.success(text);
}

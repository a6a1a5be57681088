import type { FormInstance } from 'antd';
import { ApiError, errorText, showError } from '../../../app/http';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { formFieldOf } from '../agent-form-rules';

const fieldTexts: Record<string, string> = {
  'extra.area': t['agents.error.extra.area'],
  mobile: t['agents.error.mobile'],
};

/** A failure of a save: the field it names gets the message under it, and the toast says it as well. */
export async function showSaveError(form: FormInstance, error: unknown) {
  if (error instanceof ApiError && error.status < 500) {
    const name = formFieldOf(error.field);
    if (name) form.setFields([{ name, errors: [fieldTexts[error.field ?? ''] ?? (await errorText(error))] }]);
  }
  await showError(error);
}

import { ApiError, errorText } from '../../app/http';
import { pageErrorTexts, pageTexts } from '../../locales/zh-CN/pages';
import type { DataIssue } from './page-editor-rules';

/**
 * The text for a failed page action (seed 001 §8: in page actions the failure goes to the caller, which shows it where
 * it happened): the page's own messages in Chinese by the server's text (after a validation's `field: `), else the
 * catalogue's usual text.
 */
export async function pageErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = pageErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

/** Why the draft cannot be saved yet, said of where it is (a component's name, or the page settings). */
export function issueText(issue: DataIssue, where: string): string {
  return `${where}：${pageErrorTexts[issue.message] ?? pageTexts['pages.issue.incomplete']}`;
}

import type { BottomNav, PageColumn, PageData } from '@yanbo/contracts';
import { type PortalResolved, renderPortalPage } from '@yanbo/portal';
import { Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { usePreviewData } from '../api/page-preview';
import { previewNeeds } from '../preview-sources';
import { PreviewFrame } from './preview-frame';

/** The widths the page is drawn at: a phone's, and a desktop browser's scaled down to fit beside it. */
export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1200;
const PHONE_HEIGHT = 720;
const DESKTOP_HEIGHT = 900;

interface PagePreviewProps {
  pageId: number;
  name: string;
  data: PageData;
  columns: readonly PageColumn[];
  bottomNav: BottomNav;
}

/**
 * The draft drawn by the same function that draws the public page (packages/portal), with the agent's real
 * activities and catalogs, on a phone and on a desktop side by side; it follows every edit.
 */
export function PagePreview({ pageId, name, data, columns, bottomNav }: PagePreviewProps) {
  const needs = useMemo(() => previewNeeds(data, columns, bottomNav), [data, columns, bottomNav]);
  const found = usePreviewData(pageId, needs);
  const { mobile, desktop } = useMemo(() => {
    const resolved: PortalResolved = { ...found, bottomNav };
    // A frame of srcDoc has no address: its site-relative links and pictures lead to this site.
    const baseUrl = `${window.location.origin}/`;
    return {
      mobile: renderPortalPage(name, data, resolved, { baseUrl, viewport: 'mobile' }),
      desktop: renderPortalPage(name, data, resolved, { baseUrl, viewport: 'desktop' }),
    };
  }, [data, bottomNav, found, name]);
  // A frame reloads its whole document when it changes: redraw once the agent pauses, not on every keystroke.
  const shownMobile = useSettled(mobile);
  const shownDesktop = useSettled(desktop);

  return (
    <Flex gap={24} align="flex-start" wrap data-testid="page-preview">
      <Flex vertical gap={8} style={{ width: PHONE_WIDTH, flex: 'none' }}>
        <Typography.Text type="secondary">
          {t['pages.editor.previewMobile']} · {PHONE_WIDTH}px
        </Typography.Text>
        <PreviewFrame
          html={shownMobile}
          width={PHONE_WIDTH}
          height={PHONE_HEIGHT}
          title={t['pages.editor.previewMobile']}
          testId="preview-mobile"
        />
      </Flex>
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 320 }}>
        <Typography.Text type="secondary">
          {t['pages.editor.previewDesktop']} · {DESKTOP_WIDTH}px
        </Typography.Text>
        <PreviewFrame
          html={shownDesktop}
          width={DESKTOP_WIDTH}
          height={DESKTOP_HEIGHT}
          title={t['pages.editor.previewDesktop']}
          testId="preview-desktop"
        />
      </Flex>
    </Flex>
  );
}

const REDRAW_AFTER_MS = 250;

/** The value once it has stayed the same for a moment. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), REDRAW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

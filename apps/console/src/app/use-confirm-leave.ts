import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';

/**
 * While a page holds unsaved changes, leaving it asks first (issue 8: the template and settings pages lost edits
 * silently): a link, 返回看板, the browser's back and a change of the page's own query (a settings tab) get a
 * confirmation dialog; a reload or a closed tab gets the browser's own leave-page prompt (beforeunload).
 */
export function useConfirmLeave(dirty: boolean) {
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      title: appTexts.unsavedTitle,
      content: appTexts.unsavedContent,
      okText: appTexts.unsavedLeave,
      okButtonProps: { danger: true },
      cancelText: appTexts.unsavedStay,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

import { createContext, useContext, useEffect } from 'react';

/**
 * How a settings tab that keeps its edits outside an antd Form (the menu editor) tells the page it holds unsaved
 * changes, so leaving asks first as it does for the forms (issue 8).
 */
export const SettingsDirtyContext = createContext<(dirty: boolean) => void>(() => {});

export function useReportDirty(dirty: boolean) {
  const report = useContext(SettingsDirtyContext);
  useEffect(() => {
    report(dirty);
    return () => report(false);
  }, [dirty, report]);
}

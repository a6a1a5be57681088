import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import { errorTexts } from '../locales/zh-CN/errors';
import { isChunkLoadError } from './lazy-import';
import { NotFoundPage } from './not-found-page';

/** A screen failed inside the layout: the menu stays, the screen says what happened and how to recover. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A reload fetches the current build's files, which is also what recovers from a deploy that removed old chunks.
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      {isChunkLoadError(error) ? appTexts.retry : appTexts.refresh}
    </Button>
  );
  if (isChunkLoadError(error)) return <Result status="warning" title={errorTexts.chunkTimeout} extra={reload} />;
  return <Result status="error" title={appTexts.pageError} subTitle={appTexts.pageErrorHint} extra={reload} />;
}

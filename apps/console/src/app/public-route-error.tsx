import { isRouteErrorResponse, useRouteError } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import { errorTexts } from '../locales/zh-CN/errors';
import { isChunkLoadError } from './lazy-import';
import styles from './public-screens.module.css';

/**
 * A signed-out screen (or the console shell itself) failed: what happened and how to recover, drawn without antd,
 * which may be the very script that could not be fetched.
 */
export function PublicRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);
  return (
    <div className={styles.centre} role="alert">
      <div className={styles.icon} style={{ color: chunk ? '#faad14' : '#ff4d4f' }}>
        {notFound ? '404' : '!'}
      </div>
      <h1 className={styles.title}>
        {notFound ? appTexts.notFoundSubTitle : chunk ? errorTexts.chunkTimeout : appTexts.pageError}
      </h1>
      {!notFound && !chunk && <p className={styles.subtitle}>{appTexts.pageErrorHint}</p>}
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {chunk ? appTexts.retry : appTexts.refresh}
      </button>
    </div>
  );
}

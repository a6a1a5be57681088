import { appTexts } from '../locales/zh-CN/app';
import styles from './public-screens.module.css';

/** While a screen outside the console layout (login, signup …) fetches its script: no antd, it must show at once. */
export function PageLoading() {
  return (
    <div className={styles.centre} role="status">
      <div className={styles.spinner} />
      <div className={styles.loadingText}>{appTexts.loading}</div>
    </div>
  );
}

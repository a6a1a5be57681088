import { activityTexts as t } from '../../../locales/zh-CN/activities';
import styles from './pushing-badge.module.css';

interface PushingBadgeProps {
  isPushing: boolean;
  /** Also say 未推流 when the activity isn't pushing (the board does; a list row stays quiet). */
  showIdle?: boolean;
  size?: 'default' | 'large';
}

/** 推流中, pulsing, while the ingest receives the activity's stream. */
export function PushingBadge({ isPushing, showIdle = false, size = 'default' }: PushingBadgeProps) {
  const large = size === 'large' ? ` ${styles.large}` : '';
  if (isPushing) {
    return (
      <span className={`${styles.live}${large}`} role="status" data-pushing="true">
        <span className={styles.dot} />
        {t['activities.pushing.on']}
      </span>
    );
  }
  if (!showIdle) return null;
  return (
    <span className={`${styles.off}${large}`} role="status" data-pushing="false">
      <span className={styles.offDot} />
      {t['activities.pushing.off']}
    </span>
  );
}

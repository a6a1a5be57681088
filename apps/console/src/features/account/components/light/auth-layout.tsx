import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { useLoginTemplate } from '../../../../app/use-login-template';
import { accountTexts } from '../../../../locales/zh-CN/account';
import styles from './light.module.css';

const DEFAULT_BACKGROUND = 'linear-gradient(135deg, #0958d9 0%, #1677ff 45%, #69b1ff 100%)';

/**
 * The signed-out screens: the product on a blue field, one card in the middle. On an agent's customised host the
 * agent's login template replaces the logo, title, slogan, background and primary colour.
 */
export function AuthLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { template, loading } = useLoginTemplate();
  const custom = template?.customized ? template : undefined;
  const primary = custom?.primaryColor || undefined;
  const background = custom?.background
    ? `center / cover no-repeat url("${custom.background}"), ${DEFAULT_BACKGROUND}`
    : primary
      ? `linear-gradient(135deg, ${primary} 0%, ${primary}cc 55%, ${primary}66 100%)`
      : DEFAULT_BACKGROUND;
  const brand = custom?.title || accountTexts.brand;

  useEffect(() => {
    if (custom?.title) document.title = custom.title;
  }, [custom?.title]);

  return (
    <div
      className={styles.page}
      data-login-template={custom ? 'custom' : 'default'}
      style={{ background, ...(primary ? { '--primary': primary } : {}) } as CSSProperties}
    >
      <div className={`${styles.brand} ${loading ? styles.brandHidden : ''}`}>
        <div className={styles.brandLine}>
          <img src={custom?.logo || '/favicon.svg'} alt="" width={40} height={40} className={styles.logo} />
          <h2 className={styles.title}>{brand}</h2>
        </div>
        <span className={styles.slogan}>{custom?.slogan || accountTexts.slogan}</span>
      </div>
      <main className={styles.card}>
        {title && <div className={styles.cardTitle}>{title}</div>}
        <div className={styles.cardBody}>{children}</div>
      </main>
    </div>
  );
}

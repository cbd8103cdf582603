import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';
import { LazyMantineRoot } from '../../lib/mantine/lazy-mantine.tsx';
import { ROUTE_PATHS } from '../../lib/paths.ts';
import styles from './public-layout.module.css';

/**
 * Public pages: sign-in, join, forgot password, not found and the companion-app hand-offs. The shell is plain
 * elements and CSS, and /signin's screen too, so /signin downloads no Mantine (issue 2 §8, docs/decisions/0040);
 * the other public screens are built with Mantine and get its provider and styles with their first render.
 */
export default function PublicLayout() {
  const { t } = useTranslation();
  // SPEC §2.1: /join has a pink background, logo left-aligned.
  const joining = useMatch(ROUTE_PATHS.join) !== null;
  const signingIn = useMatch(ROUTE_PATHS['sign-in']) !== null;
  return (
    <div className={joining ? `${styles.page} ${styles.joining}` : styles.page}>
      <header className={styles.header}>
        <h2 className={styles.productName}>{t('app.name')}</h2>
        <LanguageSwitcher />
      </header>
      <main className={styles.main}>
        {signingIn ? (
          <Outlet />
        ) : (
          <Suspense fallback={null}>
            <LazyMantineRoot>
              <Outlet />
            </LazyMantineRoot>
          </Suspense>
        )}
      </main>
    </div>
  );
}

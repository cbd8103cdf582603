import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.tsx';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';
import { LazyMantineRoot } from '../../lib/mantine/lazy-mantine.tsx';
import { pathTo, ROUTE_PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/use-session.ts';
import styles from './public-layout.module.css';

const PublicQueryRoot = lazy(() => import('./public-query-root.tsx'));
// SPEC §9's /join placement of the chat, for a signed-in user only: its own chunk, never loaded signed out.
const JoinChat = lazy(() => import('./join-chat.tsx'));

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
  const signedIn = useSession()?.user != null;
  return (
    <div className={joining ? `${styles.page} ${styles.joining}` : styles.page}>
      <SkipLink />
      <header className={styles.header}>
        <Link to={pathTo('home')} className={styles.brand}>
          <Logo name={t('app.name')} />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className={styles.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        {signingIn ? (
          <Outlet />
        ) : (
          <Suspense fallback={null}>
            {/* Queries for the public screens that read the API (/payment-method-success); not on /signin. */}
            <PublicQueryRoot>
              <LazyMantineRoot>
                <Outlet />
                {joining && signedIn && (
                  <Suspense fallback={null}>
                    <JoinChat />
                  </Suspense>
                )}
              </LazyMantineRoot>
            </PublicQueryRoot>
          </Suspense>
        )}
      </main>
    </div>
  );
}

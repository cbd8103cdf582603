import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './public-layout.module.css';

/**
 * Anything a loader or screen throws that is not a redirect: the "not right" message and a retry. Plain elements:
 * it sits at the root, in the entry, which carries no Mantine (issue 2 §8).
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className={styles.error}>
      <h1>{t(notFound ? 'routes.not-found' : 'routes.not-right')}</h1>
      <p>{t(notFound ? 'notFound.body' : 'notRight.body')}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </button>
    </main>
  );
}

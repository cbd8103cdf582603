import { useTranslation } from 'react-i18next';
import styles from './public-layout.module.css';

/** Shown while the first route loads: plain elements, since the entry carries no Mantine (issue 2 §8). */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading}>
      <span className={styles.spinner} role="status" aria-label={t('app.loading')} />
    </div>
  );
}

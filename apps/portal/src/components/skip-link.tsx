import { useTranslation } from 'react-i18next';
import styles from './skip-link.module.css';

/** The id every layout gives its `<main>` (with tabIndex -1), the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to content": the first thing Tab reaches on every page; visible only when focused. Mantine-free. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={styles.skip} href={`#${MAIN_CONTENT_ID}`}>
      {t('ui.shell.skipToContent')}
    </a>
  );
}

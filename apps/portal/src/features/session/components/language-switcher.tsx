import { LOCALES } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { applyLocale, currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { updateMyLocale } from '../api/update-me.ts';
import styles from './sign-in-page.module.css';

/**
 * SPEC §9: the choice is stored locally and, when signed in, saved to the user's preferences. A native select in
 * plain CSS: it is in the public shell, which downloads no Mantine (issue 2 §8).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const change = async (value: string) => {
    const locale = LOCALES.find((candidate) => candidate === value);
    if (!locale || locale === currentLocale()) return;
    await applyLocale(locale);
    if (!sessionStore.get()) return;
    try {
      sessionStore.updateUser(await updateMyLocale(locale));
    } catch {
      notify(t('language.updateFailed'), 'error');
    }
  };
  return (
    <select
      aria-label={t('language.label')}
      className={styles.select}
      value={currentLocale()}
      onChange={(event) => void change(event.currentTarget.value)}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </select>
  );
}

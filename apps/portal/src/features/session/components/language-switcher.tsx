import { NativeSelect } from '@mantine/core';
import { LOCALES, type Locale } from '@mp/domain/locales';
import { useTranslation } from 'react-i18next';
import { applyLocale, currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { updateMyLocale } from '../api/update-me.ts';

/** SPEC §9: the choice is stored locally and, when signed in, saved to the user's preferences. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const change = async (value: string | null) => {
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
    <NativeSelect
      aria-label={t('language.label')}
      data={LOCALES.map((locale: Locale) => ({ value: locale, label: t(`language.names.${locale}`) }))}
      value={currentLocale()}
      onChange={(event) => void change(event.currentTarget.value)}
      w={130}
      size="xs"
    />
  );
}

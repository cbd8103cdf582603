import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Select options for ISO country codes, named in the interface language and sorted by name. */
export function useCountryOptions(codes: readonly string[]) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return codes
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [codes, i18n.language]);
}

import { CompanySettingsScreen } from '../../features/company/routes/company-settings.tsx';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';

/** Composes the session feature's language switcher (saves to preferences; "Failed to update language.") in. */
export default function CompanySettingsWithLanguage() {
  return <CompanySettingsScreen languageSetting={<LanguageSwitcher />} />;
}

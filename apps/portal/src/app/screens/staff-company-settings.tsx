import { CapitalRequestsTable } from '../../features/companion/components/capital-requests-table.tsx';
import { StaffCompanySettingsScreen } from '../../features/company/routes/staff-company-settings.tsx';
import { FeatureTexts } from '../../lib/i18n/feature-texts.tsx';

/** Composes the companion feature's capital requests (issue 14 §1) into the staff company page. */
export default function StaffCompanySettingsWithCapital() {
  return (
    <StaffCompanySettingsScreen
      more={(merchantId) => (
        <FeatureTexts name="companion">
          <CapitalRequestsTable merchantId={merchantId} />
        </FeatureTexts>
      )}
    />
  );
}

import { OneOffInvoiceForm } from '../../features/billing/components/one-off-invoice.tsx';
import { CapitalRequestsTable } from '../../features/companion/components/capital-requests-table.tsx';
import { StaffCompanySettingsScreen } from '../../features/company/routes/staff-company-settings.tsx';
import { FeatureTexts } from '../../lib/i18n/feature-texts.tsx';
import { useCurrentMerchant } from '../../lib/merchant/current-merchant.ts';

/**
 * Composes the companion feature's capital requests (issue 14 §1) and billing's one-off invoice (decision 0091)
 * into the staff company page.
 */
export default function StaffCompanySettingsWithCapital() {
  const currency = useCurrentMerchant()?.currency ?? '';
  return (
    <StaffCompanySettingsScreen
      more={(merchantId) => (
        <>
          <OneOffInvoiceForm merchantId={merchantId} currency={currency} />
          <FeatureTexts name="companion">
            <CapitalRequestsTable merchantId={merchantId} />
          </FeatureTexts>
        </>
      )}
    />
  );
}

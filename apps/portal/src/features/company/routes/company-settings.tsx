import { Button, Stack, Tabs, Text } from '@mantine/core';
import { isLocale, type Locale } from '@mp/domain/locales';
import { holdsPermissions, type Permission } from '@mp/domain/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditLog } from '../../../components/audit-log/audit-log.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { useSites } from '../../../lib/merchant/sites.ts';
import { pathTo } from '../../../lib/paths.ts';
import { isStaffUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useRates } from '../api/get-rates.ts';
import { useMerchantUsers } from '../api/list-merchant-users.ts';
import { CompanyDetailsForm } from '../components/company-details-form.tsx';
import { DeactivateCompany } from '../components/deactivate-company.tsx';
import { RatesSummary, RatesSummaryLoading } from '../components/rates-summary.tsx';
import { TwoFactorRequirement } from '../components/two-factor-requirement.tsx';

interface CompanySettingsScreenProps {
  /** The language setting, composed in by app/ (the session feature owns the switcher and its save). */
  languageSetting?: ReactNode;
}

/**
 * /company-settings (Company:GetRates, docs/decisions/0031): details, rates, interface language,
 * deactivation and, for owners and staff, the audit log.
 */
export function CompanySettingsScreen({ languageSetting }: CompanySettingsScreenProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-GB';
  const user = useSession()?.user ?? null;
  const isStaff = isStaffUser(user);
  const merchant = useCurrentMerchant();
  const merchantId = merchant?.merchantId ?? '';
  const holds = (...permissions: Permission[]) =>
    merchant !== null &&
    holdsPermissions({ isStaff, permissions: merchant.permissions }, permissions, { kind: 'company' });
  const rates = useRates(merchantId);
  // The audit log's readers on the server: User:ListUsers and Company:UpdateDetails together, or staff.
  const canReadAudit = holds('User:ListUsers', 'Company:UpdateDetails');
  if (!merchant) return <Page titleKey="routes.company-settings" />;
  return (
    <Page
      titleKey="routes.company-settings"
      action={
        isStaff && (
          <Button component={Link} to={pathTo('staff-company-settings')} variant="light">
            {t('access.companySettings.staffSettings')}
          </Button>
        )
      }
    >
      <Tabs defaultValue="company" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="company">{t('access.companySettings.details')}</Tabs.Tab>
          {canReadAudit && <Tabs.Tab value="audit">{t('access.audit.title')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="company" pt="md">
          <Stack gap="xl">
            <CompanyDetailsForm merchant={merchant} canUpdate={holds('Company:UpdateDetails')} />
            <Stack gap="xs">
              <Text fw={700} component="h2">
                {t('access.companySettings.rates')}
              </Text>
              {rates.isLoading && <RatesSummaryLoading />}
              {rates.data && <RatesSummary rates={rates.data} locale={locale} />}
              {rates.error && <Text c="red">{t(apiErrorKey(rates.error, 'access.rates.loadFailed'))}</Text>}
            </Stack>
            {languageSetting && (
              <Stack gap="xs">
                <Text fw={700} component="h2">
                  {t('access.companySettings.language')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('access.companySettings.languageHint')}
                </Text>
                {languageSetting}
              </Stack>
            )}
            {holds('Company:UpdateDetails') && (
              <Stack gap="xs">
                <Text fw={700} component="h2">
                  {t('access.companySettings.twoFactor')}
                </Text>
                <TwoFactorRequirement merchant={merchant} />
              </Stack>
            )}
            {holds('Company:Deactivate') && (
              <Stack gap="xs">
                <Text fw={700} component="h2">
                  {t('access.companySettings.deactivate')}
                </Text>
                <DeactivateCompany merchant={merchant} />
              </Stack>
            )}
          </Stack>
        </Tabs.Panel>
        {canReadAudit && (
          <Tabs.Panel value="audit" pt="md">
            <Stack gap="md">
              <AuditPanel merchant={merchant} locale={locale} />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}

/**
 * The audit log with its person filter. The tab's panel mounts only when the tab is chosen, so the merchant's users
 * (the filter's names) and sites (the names in users' site roles) are requested then, not on every visit of the
 * screen (issue 16 §2).
 */
function AuditPanel({ merchant, locale }: { merchant: Merchant; locale: Locale }) {
  const people = useMerchantUsers(merchant.merchantId, true);
  const sites = useSites(merchant.merchantId);
  return (
    <AuditLog
      path={`/v1/merchants/${encodeURIComponent(merchant.merchantId)}/audit-log`}
      timeZone={merchant.timeZone}
      locale={locale}
      currency={merchant.currency}
      people={people}
      sites={sites.data ?? []}
    />
  );
}

export default function CompanySettingsRoute() {
  return <CompanySettingsScreen />;
}

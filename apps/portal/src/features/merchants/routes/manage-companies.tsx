import { Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { isStaffUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import type { FoundMerchant } from '../api/staff-search-merchants.ts';
import { MerchantTable } from '../components/merchant-table.tsx';
import { OverrideDialog } from '../components/override-dialog.tsx';
import { StaffMerchantSearch } from '../components/staff-merchant-search.tsx';
import { useEnterStaffOverride, useMerchantContext, useSwitchMerchant } from '../merchant-context.ts';

/**
 * /companies (can-manage-companies): the user's companies with status and verification, switching, "add
 * company" into onboarding; staff also search every merchant and override into one.
 */
export default function ManageCompaniesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const user = useSession()?.user ?? null;
  const userId = user?.id ?? '';
  const { merchants, merchant: current } = useMerchantContext(userId);
  const switchMerchant = useSwitchMerchant(userId, merchants);
  const enterOverride = useEnterStaffOverride(userId);
  const [overriding, setOverriding] = useState<FoundMerchant | null>(null);
  const [searchParams] = useSearchParams();
  const isStaff = isStaffUser(user);

  // SPEC §2.2: /onboarding with a deal query clears the current merchant.
  const addCompany = (
    <Button onClick={() => void navigate(pathTo('onboarding-landing', {}, { deal: '' }))}>
      {t('nav.addCompany')}
    </Button>
  );
  // Staff search first (issue 9); their own companies, usually none, after it.
  return (
    <Page titleKey="routes.manage-companies" action={addCompany}>
      {isStaff && (
        <Stack component="section" gap="sm" aria-labelledby="staff-search-title">
          <Title order={2} size="h3" id="staff-search-title">
            {t('access.companies.staffSearch')}
          </Title>
          {/* The palette opens /companies?name=…: a new name starts a fresh form. */}
          <StaffMerchantSearch key={searchParams.get('name') ?? ''} onOverride={setOverriding} />
          <OverrideDialog
            merchant={overriding}
            onClose={() => setOverriding(null)}
            onConfirm={async (merchant, reason) => {
              await enterOverride(merchant, reason);
              await navigate(pathTo('home'));
            }}
          />
        </Stack>
      )}
      {(!isStaff || merchants.length > 0) && (
        <Stack component="section" gap="sm" aria-labelledby="your-companies-title">
          <Title order={2} size="h3" id="your-companies-title">
            {t('access.companies.yours')}
          </Title>
          <MerchantTable
            merchants={merchants}
            label={t('access.companies.yours')}
            action={(merchant) => {
              const isCurrent = merchant.merchantId === current?.merchantId;
              return (
                <Button
                  size="xs"
                  variant="light"
                  disabled={isCurrent}
                  title={isCurrent ? t('access.companies.isCurrent') : undefined}
                  // The current one reads "Current" (its visible text, axe label-content-name-mismatch).
                  aria-label={
                    isCurrent
                      ? undefined
                      : t('access.companies.switchTo', { merchant: merchant.legalEntityName })
                  }
                  onClick={async () => {
                    await switchMerchant(merchant.merchantId);
                    await revalidator.revalidate();
                  }}
                >
                  {isCurrent ? t('access.companies.current') : t('access.companies.switch')}
                </Button>
              );
            }}
          />
        </Stack>
      )}
    </Page>
  );
}

import '../styles/app-shell-styles.ts';
import { Alert, Box } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { connectCompanionBridge } from '../../features/companion/companion-session.ts';
import { FeatureTexts } from '../../lib/i18n/feature-texts.tsx';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

/**
 * The companion app's web views (/native-app/*, SPEC §2.1): no portal chrome (no header, navigation, banners or
 * chat), one phone-wide column, and the bridge to the app running for as long as the page is open (SPEC §4).
 */
function NativeAppLayoutContent() {
  const { t } = useTranslation();
  const { user, merchant } = useAppState();
  useEffect(() => connectCompanionBridge(), []);
  return (
    <CurrentMerchantContext value={merchant}>
      <Box component="main" px="sm" py="md" maw={560} mx="auto">
        {user ? <Outlet /> : <Alert color="yellow">{t('companion.native.sessionEnded')}</Alert>}
      </Box>
    </CurrentMerchantContext>
  );
}

export default function NativeAppLayout() {
  return (
    <SignedInProviders>
      {/* Companion texts come with these pages, not with every page (decision 0081). */}
      <FeatureTexts name="companion">
        <NativeAppLayoutContent />
      </FeatureTexts>
    </SignedInProviders>
  );
}

import '../styles/app-shell-styles.ts';
import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { SignedInProviders } from './signed-in-providers.tsx';
import { useAppState } from './use-app-state.ts';

/** The standalone /assign-device: no portal chrome. */
function BareLayoutContent() {
  const { merchant } = useAppState();
  return (
    <CurrentMerchantContext value={merchant}>
      <Box component="main" p="md">
        <Outlet />
      </Box>
    </CurrentMerchantContext>
  );
}

export default function BareLayout() {
  return (
    <SignedInProviders>
      <BareLayoutContent />
    </SignedInProviders>
  );
}

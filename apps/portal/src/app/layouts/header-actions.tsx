import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Merchant } from '../../features/merchants/api/list-merchants.ts';
import { MerchantSwitcher } from '../../features/merchants/components/merchant-switcher.tsx';
import { LanguageSwitcher } from '../../features/session/components/language-switcher.tsx';
import { useSignOut } from '../../features/session/use-sign-out.ts';
import type { SessionUser } from '../../lib/session/session-store.ts';
import { resetAppState } from './use-app-state.ts';

interface HeaderActionsProps {
  user: SessionUser | null;
  merchants: readonly Merchant[];
  merchant: Merchant | null;
}

/** Merchant switcher, language switcher and sign-out, shared by the signed-in layouts. */
export function HeaderActions({ user, merchants, merchant }: HeaderActionsProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const signOut = useSignOut(resetAppState);
  return (
    <Group gap="sm" wrap="nowrap">
      {user && (
        <MerchantSwitcher
          userId={user.id}
          merchants={merchants}
          merchant={merchant}
          onSwitched={() => void revalidator.revalidate()}
        />
      )}
      <LanguageSwitcher />
      {user && (
        <Button variant="subtle" size="xs" onClick={() => void signOut()}>
          {t('session.signOut')}
        </Button>
      )}
    </Group>
  );
}

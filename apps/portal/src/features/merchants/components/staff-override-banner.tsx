import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useStaffOverride } from '../api/get-staff-override.ts';
import { currentMerchantStore, useCurrentMerchantVersion } from '../current-merchant-store.ts';
import { useLeaveStaffOverride } from '../merchant-context.ts';

/** "until 14:05": the staff member's own clock, since the override's length is theirs to watch. */
function timeOf(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/**
 * Issue 5: while a staff member is inside a merchant's account under an override, say whose account it is,
 * why, and until when; "End override" leaves it. The banner goes when the override expires or the server no
 * longer has it.
 */
export function StaffOverrideBanner({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  useCurrentMerchantVersion();
  const revalidator = useRevalidator();
  const leave = useLeaveStaffOverride(userId);
  const [ending, setEnding] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const state = userId ? currentMerchantStore.override(userId) : null;
  const merchantId = state?.merchant.merchantId ?? '';
  const server = useStaffOverride(merchantId, state !== null);
  const goneOnServer = server.isSuccess && server.data === null;
  const expiresAt = state?.expiresAt;

  // Expiry is a moment in time, not derived state: forget the override when it comes.
  useEffect(() => {
    if (!expiresAt) return;
    if (goneOnServer) {
      currentMerchantStore.endOverride(userId);
      void revalidator.revalidate();
      return;
    }
    const timer = setTimeout(
      () => {
        currentMerchantStore.endOverride(userId);
        void revalidator.revalidate();
      },
      Math.max(0, Date.parse(expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, goneOnServer, userId, revalidator]);

  if (!state || goneOnServer) return null;
  const end = async () => {
    setEnding(true);
    setErrorKey(null);
    try {
      await leave(merchantId);
      await revalidator.revalidate();
    } catch (caught) {
      // In the user's language (apiErrorKey), never the API's English message or the browser's "Failed to fetch".
      setErrorKey(apiErrorKey(caught, 'access.override.errors.endFailed'));
    } finally {
      setEnding(false);
    }
  };
  return (
    <Alert color="orange" variant="filled" role="status" title={t('access.override.bannerTitle')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('access.override.banner', {
            merchant: state.merchant.legalEntityName,
            reason: state.reason,
            until: timeOf(state.expiresAt, i18n.language),
          })}
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={() => void end()} loading={ending}>
          {t('access.override.end')}
        </Button>
      </Group>
      {/* Apart from the button above it and in bold: the banner's own sentence is the same colour on the same orange. */}
      {errorKey && (
        <Text size="sm" fw={700} mt="xs" role="alert">
          {t(errorKey)}
        </Text>
      )}
    </Alert>
  );
}

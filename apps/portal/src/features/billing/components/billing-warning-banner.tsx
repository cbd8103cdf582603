import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { holdsPermissions } from '@mp/domain/permissions';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { Merchant } from '../../../lib/api/types.ts';
import { pathTo } from '../../../lib/paths.ts';
import { isStaffUser, type SessionUser } from '../../../lib/session/session-store.ts';
import { type BillingSettings, useBillingSettings } from '../api/billing-settings.ts';

/** SPEC §2.3: hidden on the landing, add payment method, order device and companies routes. */
const HIDDEN_ON = new Set(['home', 'add-payment-method', 'order-new-device', 'manage-companies']);

/** What the banner asks for, if anything (SPEC §2.3, §9: at least two payment methods recommended). */
export function billingWarnings(
  settings: BillingSettings,
): ('noPaymentMethod' | 'fewerThanRecommended' | 'unsignedRates')[] {
  const warnings: ('noPaymentMethod' | 'fewerThanRecommended' | 'unsignedRates')[] = [];
  const count = settings.paymentMethods.length;
  if (count === 0) warnings.push('noPaymentMethod');
  else if (count < settings.recommendedPaymentMethods) warnings.push('fewerThanRecommended');
  if (settings.hasRates && !settings.hasSignedRates) warnings.push('unsignedRates');
  return warnings;
}

/** The billing warning banner, with the action that fixes each warning; for those who may see billing. */
export function BillingWarningBanner({
  user,
  merchant,
}: {
  user: SessionUser | null;
  merchant: Merchant | null;
}) {
  const { t } = useTranslation();
  const routeId = useMatches().at(-1)?.id ?? '';
  const allowed =
    merchant !== null &&
    holdsPermissions(
      { isStaff: isStaffUser(user), permissions: merchant.permissions },
      ['Billing:ListPaymentMethods'],
      {
        kind: 'company',
      },
    );
  const settings = useBillingSettings(merchant?.merchantId ?? '', allowed);
  if (!allowed || !settings.data || HIDDEN_ON.has(routeId)) return null;
  const warnings = billingWarnings(settings.data);
  if (warnings.length === 0) return null;
  const addable = warnings.includes('noPaymentMethod') || warnings.includes('fewerThanRecommended');
  return (
    <Alert color="yellow" variant="light" title={t('billing.banner.title')} role="status">
      <Stack gap="xs">
        {warnings.map((warning) => (
          <Text key={warning} size="sm">
            {t(`billing.banner.${warning}`, { count: settings.data.recommendedPaymentMethods })}
          </Text>
        ))}
        <Group gap="xs">
          {addable && (
            <Button component={Link} to={pathTo('add-payment-method')} size="xs">
              {t('billing.banner.addAction')}
            </Button>
          )}
          {warnings.includes('unsignedRates') && settings.data.ratesSignUrl && (
            <Button component="a" href={settings.data.ratesSignUrl} size="xs" variant="default">
              {t('billing.banner.signAction')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

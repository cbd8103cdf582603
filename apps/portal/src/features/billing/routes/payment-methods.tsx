import { Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { type PaymentMethod, useBillingSettings } from '../api/billing-settings.ts';
import { useDeletePaymentMethod } from '../api/delete-payment-method.ts';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method.ts';
import { BillingEmailForm } from '../components/billing-email-form.tsx';
import { paymentMethodLabel } from '../components/payment-method-label.ts';

type Pending = { kind: 'default' | 'remove'; method: PaymentMethod } | null;

/** /billing/payment-methods (Billing_ListPaymentMethods): list, set default and delete, each confirmed. */
export default function PaymentMethodsScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const settings = useBillingSettings(merchantId);
  const setDefault = useSetDefaultPaymentMethod(merchantId);
  const remove = useDeletePaymentMethod(merchantId);
  const [pending, setPending] = useState<Pending>(null);
  const label = (method: PaymentMethod) => paymentMethodLabel(method, t);

  const confirm = async () => {
    if (!pending) return;
    const method = label(pending.method);
    try {
      if (pending.kind === 'default') {
        await setDefault.mutateAsync(pending.method.paymentMethodId);
        notify(t('billing.madeDefault', { method }));
      } else {
        await remove.mutateAsync(pending.method.paymentMethodId);
        notify(t('billing.removed', { method }));
      }
      setPending(null);
    } catch {
      // SPEC §8: a retry message; the dialog closes so the person can try again.
      notify(t(pending.kind === 'default' ? 'billing.errors.setDefault' : 'billing.errors.remove'), 'error');
      setPending(null);
    }
  };

  const addButton = (
    <Button component={Link} to={pathTo('add-payment-method')}>
      {t('billing.add')}
    </Button>
  );

  return (
    <Page titleKey="routes.payment-methods" action={addButton}>
      <Stack gap="lg">
        <DataTable<PaymentMethod>
          label={t('billing.tableLabel')}
          idAccessor="paymentMethodId"
          records={settings.data?.paymentMethods}
          loading={settings.isPending}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          empty={{ text: t('billing.empty'), action: addButton }}
          columns={[
            { accessor: 'type', title: t('billing.columns.method'), render: (method) => label(method) },
            {
              accessor: 'expYear',
              title: t('billing.columns.expires'),
              render: (method) =>
                method.expMonth && method.expYear
                  ? `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
                  : '—',
            },
            {
              accessor: 'isDefault',
              title: t('billing.columns.status'),
              render: (method) =>
                method.isDefault ? (
                  <Badge variant="light" miw="max-content">
                    {t('billing.isDefault')}
                  </Badge>
                ) : null,
            },
            {
              accessor: 'paymentMethodId',
              title: t('billing.columns.actions'),
              textAlign: 'right',
              render: (method) => (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {!method.isDefault && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`${t('billing.makeDefault')}: ${label(method)}`}
                      onClick={() => setPending({ kind: 'default', method })}
                    >
                      {t('billing.makeDefault')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`${t('billing.remove')}: ${label(method)}`}
                    onClick={() => setPending({ kind: 'remove', method })}
                  >
                    {t('billing.remove')}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
        {settings.data && <BillingEmailForm merchantId={merchantId} current={settings.data.billingEmail} />}
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        title={t(pending?.kind === 'remove' ? 'billing.confirmRemoveTitle' : 'billing.confirmDefaultTitle')}
        confirmLabel={t(pending?.kind === 'remove' ? 'billing.remove' : 'billing.makeDefault')}
        danger={pending?.kind === 'remove'}
        loading={setDefault.isPending || remove.isPending}
      >
        {pending &&
          t(pending.kind === 'remove' ? 'billing.confirmRemove' : 'billing.confirmDefault', {
            method: label(pending.method),
          })}
      </ConfirmDialog>
    </Page>
  );
}

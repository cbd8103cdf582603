import { Alert, Button, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@mp/domain/schemas/auth';
import { requiredText } from '@mp/domain/schemas/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useAssociateDeal } from '../api/associate-deal.ts';
import { useBlockMerchant } from '../api/block-merchant.ts';
import { useChurnMerchant } from '../api/churn-merchant.ts';
import { useTransferMerchant } from '../api/transfer-merchant.ts';
import { useUnblockMerchant } from '../api/unblock-merchant.ts';

const reasonSchema = requiredText(500);

/** The codes these staff actions answer with a rule of their own (SPEC §9, DESIGN §4), as text keys. */
const KEY_BY_CODE: Record<string, string> = {
  STAFF_ACCOUNT: 'access.staff.errors.staffAccount',
  ALREADY_CHURNED: 'access.staff.errors.alreadyChurned',
  RATES_ALREADY_UPDATED_TODAY: 'access.rates.updatedToday',
};

/** A failed action in the user's language (apiErrorKey), never the API's English message. */
function ErrorAlert({ error, fallbackKey }: { error: Error | null; fallbackKey: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {t(apiErrorKey(error, fallbackKey, KEY_BY_CODE))}
    </Alert>
  );
}

/** Staff: associate a deal by reference (POST …/rates/associate?dealReference=). */
export function AssociateDealForm({ merchantId, current }: { merchantId: string; current: string | null }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const associate = useAssociateDeal(merchantId);
  // The API's 400 names the reference and the rule (no such deal, another currency): shown under the field, in the
  // user's language; anything else (the once-a-day rule) above the form.
  const rule = isApiError(associate.error)
    ? associate.error.details.find((detail) => detail.field === 'dealReference')?.rule
    : undefined;
  return (
    <Fieldset legend={t('access.staff.associateDeal')}>
      <Stack gap="xs">
        <ErrorAlert error={rule ? null : associate.error} fallbackKey="access.staff.errors.associateFailed" />
        {current && <Text size="sm">{`${t('access.rates.dealReference')}: ${current}`}</Text>}
        <Group align="flex-end">
          <TextInput
            label={t('access.rates.dealReference')}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={rule ? t(rule) : undefined}
          />
          <Button
            disabled={reference.trim() === '' || associate.isPending}
            loading={associate.isPending}
            onClick={() =>
              associate.mutate(reference.trim(), {
                onSuccess: () => notify(t('access.staff.dealAssociated', { reference: reference.trim() })),
              })
            }
          >
            {t('access.staff.associate')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Staff: transfer the merchant to the user with this e-mail, confirmed by typing the company name (issue 8 §1). */
export function TransferForm({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const parsed = emailSchema.safeParse(email);
  const transfer = useTransferMerchant(merchant.merchantId);
  return (
    <Fieldset legend={t('access.staff.transfer')}>
      <Stack gap="xs">
        <Text size="sm">{t('access.staff.transferHint')}</Text>
        <Group align="flex-end">
          <TextInput
            type="email"
            label={t('access.staff.transferEmail')}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={email !== '' && !parsed.success ? t(parsed.error.issues[0]?.message ?? '') : undefined}
          />
          <Button disabled={!parsed.success} onClick={() => setConfirming(true)}>
            {t('access.staff.transferButton')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          transfer.reset();
        }}
        onConfirm={() =>
          parsed.success &&
          transfer.mutate(parsed.data, {
            onSuccess: () => {
              setConfirming(false);
              notify(t('access.staff.transferred', { email: parsed.data }));
            },
          })
        }
        title={t('access.staff.transfer')}
        confirmLabel={t('access.staff.transferButton')}
        danger
        typeToConfirm={merchant.legalEntityName}
        loading={transfer.isPending}
        footer={<ErrorAlert error={transfer.error} fallbackKey="access.staff.errors.transferFailed" />}
      >
        {t('access.staff.transferConfirm', {
          company: merchant.legalEntityName,
          email: parsed.data ?? email,
        })}
      </ConfirmDialog>
    </Fieldset>
  );
}

/** Staff: churn after 30 days rolling plus an optional delay in days (SPEC §9). */
export function ChurnForm({ merchantId }: { merchantId: string }) {
  // The churn day as the merchant's calendar has it (the API answers an instant).
  const zone = useCurrentMerchant()?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { t } = useTranslation();
  const [delayDays, setDelayDays] = useState<number>(0);
  const [reason, setReason] = useState('');
  const churn = useChurnMerchant(merchantId);
  return (
    <Fieldset legend={t('access.staff.churn')}>
      <Stack gap="xs">
        <Text size="sm">{t('access.staff.churnHint')}</Text>
        <ErrorAlert error={churn.error} fallbackKey="access.staff.errors.churnFailed" />
        <Group align="flex-end">
          <NumberInput
            label={t('access.staff.delayDays')}
            min={0}
            max={365}
            allowDecimal={false}
            value={delayDays}
            onChange={(value) => setDelayDays(typeof value === 'number' ? value : 0)}
            w={140}
          />
          <TextInput
            label={t('access.staff.churnReason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Button
            color="red"
            loading={churn.isPending}
            disabled={churn.isPending}
            onClick={() =>
              churn.mutate(
                { delayDays, ...(reason.trim() ? { reason: reason.trim() } : {}) },
                {
                  onSuccess: (result) =>
                    notify(
                      t('access.staff.churnScheduled', {
                        date: result.churnEffectiveAt
                          ? formatDate(result.churnEffectiveAt, currentLocale(), zone, 'date')
                          : '',
                      }),
                    ),
                },
              )
            }
          >
            {t('access.staff.churnButton')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** Staff: block with a reason, or lift the block; `onStatusChange` hears the merchant's status after either. */
export function BlockForm({
  merchant,
  onStatusChange,
}: {
  merchant: Merchant;
  onStatusChange?: (status: Merchant['status']) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [blocked, setBlocked] = useState(merchant.status === 'blocked');
  const block = useBlockMerchant(merchant.merchantId);
  const unblock = useUnblockMerchant(merchant.merchantId);
  const parsed = reasonSchema.safeParse(reason);
  return (
    <Fieldset legend={t('access.staff.block')}>
      <Stack gap="xs">
        <ErrorAlert
          error={block.error ?? unblock.error}
          fallbackKey={block.error ? 'access.staff.errors.blockFailed' : 'access.staff.errors.unblockFailed'}
        />
        {blocked ? (
          <Group>
            <Text size="sm">{t('access.staff.isBlocked')}</Text>
            <Button
              loading={unblock.isPending}
              onClick={() =>
                unblock.mutate(undefined, {
                  onSuccess: (changed) => {
                    setBlocked(false);
                    onStatusChange?.(changed.status);
                    notify(t('access.staff.unblocked'));
                  },
                })
              }
            >
              {t('access.staff.unblockButton')}
            </Button>
          </Group>
        ) : (
          <Group align="flex-end">
            <TextInput
              label={t('access.staff.blockReason')}
              required
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Button
              color="red"
              disabled={!parsed.success || block.isPending}
              loading={block.isPending}
              onClick={() =>
                parsed.success &&
                block.mutate(parsed.data, {
                  onSuccess: (changed) => {
                    setBlocked(true);
                    onStatusChange?.(changed.status);
                    notify(t('access.staff.blocked'));
                  },
                })
              }
            >
              {t('access.staff.blockButton')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

import { Alert, Button, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { CHURN_NOTICE_DAYS } from '@mp/domain/constants';
import { isLocale } from '@mp/domain/locales';
import { emailSchema } from '@mp/domain/schemas/auth';
import { requiredText } from '@mp/domain/schemas/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useAssociateDeal } from '../api/associate-deal.ts';
import { useBlockMerchant } from '../api/block-merchant.ts';
import { useChurnMerchant } from '../api/churn-merchant.ts';
import { useTransferMerchant } from '../api/transfer-merchant.ts';
import { useUnblockMerchant } from '../api/unblock-merchant.ts';

const reasonSchema = requiredText(500);
const DAY_MS = 86_400_000;

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

/** The day a churn asked for now takes effect: 30 days rolling plus the delay (SPEC §9), as the server computes it. */
function churnDate(delayDays: number, now: Date = new Date()): Date {
  return new Date(now.getTime() + (CHURN_NOTICE_DAYS + delayDays) * DAY_MS);
}

/**
 * Staff: churn after 30 days rolling plus an optional delay in days (SPEC §9). Nothing cancels a scheduled churn
 * and a churned company stays churned, so the button asks first, naming the date.
 */
export function ChurnForm({ merchant }: { merchant: Merchant }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en-GB';
  const [delayDays, setDelayDays] = useState<number>(0);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const churn = useChurnMerchant(merchant.merchantId);
  return (
    <Fieldset legend={t('access.staff.churn')}>
      <Stack gap="xs">
        <Text size="sm">{t('access.staff.churnHint')}</Text>
        <ErrorAlert error={confirming ? null : churn.error} fallbackKey="access.staff.errors.churnFailed" />
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
            disabled={churn.isPending}
            onClick={() => {
              churn.reset();
              setConfirming(true);
            }}
          >
            {t('access.staff.churnButton')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          churn.mutate(
            { delayDays, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            {
              onSuccess: (result) => {
                setConfirming(false);
                notify(
                  t('access.staff.churnScheduled', {
                    date: result.churnEffectiveAt
                      ? formatDate(result.churnEffectiveAt, locale, merchant.timeZone)
                      : '',
                  }),
                );
              },
            },
          )
        }
        title={t('access.staff.churnConfirmTitle', { company: merchant.legalEntityName })}
        confirmLabel={t('access.staff.churnButton')}
        danger
        loading={churn.isPending}
        footer={<ErrorAlert error={churn.error} fallbackKey="access.staff.errors.churnFailed" />}
      >
        {t('access.staff.churnConfirm', {
          company: merchant.legalEntityName,
          date: formatDate(churnDate(delayDays), locale, merchant.timeZone),
        })}
      </ConfirmDialog>
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
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMerchant(merchant.merchantId);
  const unblock = useUnblockMerchant(merchant.merchantId);
  const parsed = reasonSchema.safeParse(reason);
  return (
    <Fieldset legend={t('access.staff.block')}>
      <Stack gap="xs">
        <ErrorAlert
          error={(confirming ? null : block.error) ?? unblock.error}
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
              onClick={() => {
                block.reset();
                unblock.reset();
                setConfirming(true);
              }}
            >
              {t('access.staff.blockButton')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming && parsed.success}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          parsed.success &&
          block.mutate(parsed.data, {
            onSuccess: (changed) => {
              setConfirming(false);
              setBlocked(true);
              onStatusChange?.(changed.status);
              notify(t('access.staff.blocked'));
            },
          })
        }
        title={t('access.staff.blockConfirmTitle', { company: merchant.legalEntityName })}
        confirmLabel={t('access.staff.blockButton')}
        danger
        loading={block.isPending}
        footer={<ErrorAlert error={block.error} fallbackKey="access.staff.errors.blockFailed" />}
      >
        {t('access.staff.blockConfirm', { company: merchant.legalEntityName, reason: parsed.data ?? '' })}
      </ConfirmDialog>
    </Fieldset>
  );
}

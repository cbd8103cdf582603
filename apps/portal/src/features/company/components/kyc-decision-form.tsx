import { Alert, Button, Fieldset, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import type { KycOnboardingStatus } from '@mp/domain/enums';
import {
  KYC_OUTCOMES,
  type KycOutcome,
  kycDecisionBodySchema,
  kycDecisionRefusal,
} from '@mp/domain/schemas/onboarding';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { useRecordKycDecision } from '../api/record-kyc-decision.ts';

/** The decision's own refusals (decision 0137), as text keys. */
const KEY_BY_CODE: Record<string, string> = {
  KYC_ALREADY_VERIFIED: 'access.staff.errors.kycAlreadyVerified',
  KYC_ALREADY_REJECTED: 'access.staff.errors.kycAlreadyRejected',
};

/**
 * Staff: the merchant's verification status, and the outcome of the checks recorded with a reason (decision 0137:
 * the production path without a hosted provider). Outcomes the rule refuses are offered disabled; a verified
 * merchant's status is final, so the action is disabled with that reason.
 */
export function KycDecisionForm({
  merchantId,
  status,
  onStatusChange,
}: {
  merchantId: string;
  status: KycOnboardingStatus;
  onStatusChange: (status: KycOnboardingStatus) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<KycOutcome | null>(null);
  const [reason, setReason] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const record = useRecordKycDecision(merchantId);
  const parsed = kycDecisionBodySchema.safeParse({ outcome: outcome ?? undefined, reason });
  const issueOf = (field: string) =>
    !parsed.success && showErrors
      ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message
      : undefined;
  const final = kycDecisionRefusal(status, 'verified') === 'KYC_ALREADY_VERIFIED';

  const close = () => {
    setOpened(false);
    setOutcome(null);
    setReason('');
    setShowErrors(false);
    record.reset();
  };
  const confirm = () => {
    if (!parsed.success) {
      setShowErrors(true);
      return;
    }
    return record.mutateAsync(parsed.data).then(
      (merchant) => {
        close();
        onStatusChange(merchant.kycOnboardingStatus);
        notify(
          t('access.staff.kycRecorded', { outcome: t(`access.staff.kycOutcomes.${parsed.data.outcome}`) }),
        );
      },
      () => undefined,
    );
  };
  const outcomeError = issueOf('outcome');
  const reasonError = issueOf('reason');

  return (
    <Fieldset legend={t('access.staff.kyc')}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm">{t('access.staff.kycStatus')}</Text>
          <StatusBadge family="kyc" status={status} />
        </Group>
        <Text size="sm">{t(final ? 'access.staff.kycFinal' : 'access.staff.kycHint')}</Text>
        <Group>
          <Button disabled={final} onClick={() => setOpened(true)}>
            {t('access.staff.kycRecord')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        onConfirm={confirm}
        title={t('access.staff.kycDialogTitle')}
        confirmLabel={t('access.staff.kycRecord')}
        danger={outcome === 'rejected'}
        loading={record.isPending}
        footer={
          record.error && (
            <Alert color="red" variant="light" role="alert">
              {t(apiErrorKey(record.error, 'access.staff.errors.kycFailed', KEY_BY_CODE))}
            </Alert>
          )
        }
      >
        <Stack gap="sm">
          <Radio.Group
            label={t('access.staff.kycOutcome')}
            withAsterisk
            value={outcome}
            onChange={(value) => setOutcome(value as KycOutcome)}
            error={outcomeError ? t(outcomeError) : undefined}
          >
            <Stack gap="xs" mt="xs">
              {KYC_OUTCOMES.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`access.staff.kycOutcomes.${option}`)}
                  disabled={kycDecisionRefusal(status, option) !== null}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('access.staff.kycReason')}
            // The asterisk without the native `required`: the form's own check names both fields at once.
            withAsterisk
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError ? t(reasonError) : undefined}
          />
        </Stack>
      </ConfirmDialog>
    </Fieldset>
  );
}

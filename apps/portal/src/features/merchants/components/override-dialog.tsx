import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { requiredText } from '@mp/domain/schemas/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRuleKey, formErrorKey, isApiError } from '../../../lib/api/api-error.ts';
import type { FoundMerchant } from '../api/staff-search-merchants.ts';

// The server's rule for a reason (required, at most 500 characters), from the domain package.
const reasonSchema = requiredText(500);

interface OverrideDialogProps {
  merchant: FoundMerchant | null;
  onClose: () => void;
  onConfirm: (merchant: FoundMerchant, reason: string) => Promise<void>;
}

/** Staff state why they enter a merchant's account; the reason shows in the banner and the audit log. */
export function OverrideDialog({ merchant, onClose, onConfirm }: OverrideDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const parsed = reasonSchema.safeParse(reason);
  // A 400 naming the reason and its rule reads under the field, as the portal's other forms; any other refusal
  // (or a rule of a field this dialog does not show) in the alert above it, in the user's language.
  const serverRule = isApiError(failure, 400)
    ? failure.details.find((detail) => detail.field === 'reason')?.rule
    : undefined;
  const errorKey = formErrorKey(failure, (field) => field === 'reason', 'access.override.errors.startFailed');
  const close = () => {
    setReason('');
    setTouched(false);
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    if (!merchant || !parsed.success) return;
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(merchant, parsed.data);
      close();
    } catch (caught) {
      // In the user's language (formErrorKey, fieldRuleKey), never the API's English message or the browser's
      // "Failed to fetch".
      setFailure(caught ?? new Error('failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={merchant !== null} onClose={close} title={t('access.override.dialogTitle')}>
      <Stack>
        <Text>{t('access.override.dialogText', { merchant: merchant?.legalEntityName ?? '' })}</Text>
        {errorKey && (
          <Alert color="red" variant="light" role="alert">
            {t(errorKey)}
          </Alert>
        )}
        <Textarea
          label={t('access.override.reason')}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (serverRule) setFailure(null);
          }}
          onBlur={() => setTouched(true)}
          error={
            touched && !parsed.success
              ? t(parsed.error.issues[0]?.message ?? 'validation.required')
              : serverRule
                ? t(fieldRuleKey(serverRule))
                : undefined
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('access.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!parsed.success || pending} loading={pending}>
            {t('access.override.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

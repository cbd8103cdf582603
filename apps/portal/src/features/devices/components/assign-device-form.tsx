import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { deviceCodeSchema } from '@mp/domain/schemas/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error.ts';
import { type Device, useAssignDevice } from '../api/devices-api.ts';

interface AssignDeviceFormProps {
  merchantId: string;
  sites: readonly { siteId: string; name: string }[];
  onAssigned: (device: Device) => void;
}

/** The one-time code the terminal shows, and the site it joins (SPEC §8: "Device not found for submitted OTP"). */
export function AssignDeviceForm({ merchantId, sites, onAssigned }: AssignDeviceFormProps) {
  const { t } = useTranslation();
  const [siteId, setSiteId] = useState<string | null>(sites.length === 1 ? (sites[0]?.siteId ?? null) : null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const assign = useAssignDevice(merchantId);
  const failure = assign.error
    ? isApiError(assign.error) && assign.error.code === 'DEVICE_OTP_NOT_FOUND'
      ? t('validation.deviceOtpNotFound')
      : isApiError(assign.error) && assign.error.status === 429
        ? t('validation.deviceAssignTooManyTries')
        : t('validation.deviceAssignFailed')
    : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = deviceCodeSchema.safeParse(code);
        if (!parsed.success) {
          setCodeError(parsed.error.issues[0]?.message ?? 'validation.invalid');
          return;
        }
        setCodeError(null);
        if (siteId) assign.mutate({ siteId, otp: parsed.data }, { onSuccess: onAssigned });
      }}
    >
      <Stack gap="md" maw={420}>
        <Text size="sm" c="dimmed">
          {t('devices.assign.help')}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Select
          label={t('devices.assign.site')}
          placeholder={t('devices.assign.chooseSite')}
          data={sites.map((site) => ({ value: site.siteId, label: site.name }))}
          value={siteId}
          onChange={setSiteId}
          required
        />
        <TextInput
          label={t('devices.assign.code')}
          placeholder="ABCD-1234"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          size="lg"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={codeError ? t(codeError) : undefined}
          required
        />
        <Button type="submit" size="lg" loading={assign.isPending} disabled={!siteId || code.trim() === ''}>
          {t('devices.assign.connect')}
        </Button>
      </Stack>
    </form>
  );
}

import { Alert, Box, Button, Drawer, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DEVICE_MODELS } from '@mp/domain/enums';
import { deviceLabelSchema } from '@mp/domain/schemas/devices';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Money } from '../../../components/money.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api/api-error.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { type DeviceDetail, useDevice, useRenameDevice } from '../api/devices-api.ts';
import { useDevicePermissions } from '../use-device-permissions.ts';
import { LastActivity } from './last-activity.tsx';

export interface OpenedDevice {
  siteId: string;
  deviceId: string;
}

interface DeviceDrawerProps {
  merchantId: string;
  opened: OpenedDevice | undefined;
  onClose: () => void;
}

/** One device (issue 10): its facts, its recent transactions, and renaming its label for whoever may. */
export function DeviceDrawer({ merchantId, opened, onClose }: DeviceDrawerProps) {
  const { t } = useTranslation();
  const query = useDevice(merchantId, opened);
  const device = query.data;
  return (
    <Drawer
      opened={opened !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('devices.detail.close') }}
      title={t('devices.detail.title', { serial: device?.serial ?? '' })}
    >
      {query.error ? (
        <Alert color="red" role="alert">
          {isApiError(query.error, 404) ? t('devices.detail.notFound') : t('signIn.genericError')}
        </Alert>
      ) : !device ? (
        <LoadingIndicator />
      ) : (
        <DeviceBody merchantId={merchantId} device={device} />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function DeviceBody({ merchantId, device }: { merchantId: string; device: DeviceDetail }) {
  const { t } = useTranslation();
  const can = useDevicePermissions();
  const model = DEVICE_MODELS.find((m) => m.id === device.model);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('devices.columns.serial')}>{device.serial}</Fact>
        <Fact label={t('devices.columns.label')}>{device.label ?? '—'}</Fact>
        <Fact label={t('devices.columns.model')}>
          {t(`devices.models.${device.model}`)}
          {model && (
            <Text size="xs" c="dimmed">
              {t('devices.order.specs', { weight: model.weightGrams, screen: model.screenInches })}
            </Text>
          )}
        </Fact>
        <Fact label={t('devices.columns.site')}>{device.siteName ?? '—'}</Fact>
        <Fact label={t('devices.columns.firmware')}>{device.firmwareVersion ?? '—'}</Fact>
        <Fact label={t('devices.columns.lastActivity')}>
          {device.lastActivityAt ? (
            <Group gap="xs" wrap="wrap">
              <LastActivity at={device.lastActivityAt} />
              <DateTime value={device.lastActivityAt} />
            </Group>
          ) : (
            '—'
          )}
        </Fact>
      </SimpleGrid>
      {device.siteId && can.rename(device.siteId) && (
        <RenameForm key={device.label ?? ''} merchantId={merchantId} device={device} />
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('devices.detail.recent')}
        </Title>
        <DataTable
          label={t('devices.detail.recent')}
          idAccessor="transactionId"
          records={device.recentTransactions}
          empty={{ text: t('devices.detail.noTransactions') }}
          maxHeight={360}
          columns={[
            {
              accessor: 'createdAt',
              title: t('devices.detail.time'),
              render: (tx) => <DateTime value={tx.createdAt} />,
            },
            {
              accessor: 'amount',
              title: t('devices.detail.amount'),
              textAlign: 'right',
              noWrap: true,
              render: (tx) => <Money value={{ amount: tx.amount, currency: tx.currency }} />,
            },
            {
              accessor: 'status',
              title: t('devices.detail.status'),
              noWrap: true,
              // max-content: the narrow drawer scrolls the table sideways instead of clipping the badge.
              render: (tx) => (
                <Box miw="max-content">
                  <StatusBadge family="transaction" status={tx.status} />
                </Box>
              ),
            },
            {
              accessor: 'cardLastFour',
              title: t('devices.detail.card'),
              noWrap: true,
              render: (tx) =>
                tx.cardLastFour ? `${tx.cardScheme ?? ''} •••• ${tx.cardLastFour}`.trim() : '—',
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}

/** The label with the domain's rule (1 to 50 characters after trimming); the API applies the same schema. */
function RenameForm({ merchantId, device }: { merchantId: string; device: DeviceDetail }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(device.label ?? '');
  const [touched, setTouched] = useState(false);
  const rename = useRenameDevice(merchantId);
  const parsed = deviceLabelSchema.safeParse(label);
  const error = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'validation.invalid');
  const unchanged = parsed.success && parsed.data === (device.label ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || unchanged || !device.siteId) return;
    // Not `mutate`'s own onSuccess: the hook's success refetches the device first, whose new label remounts this
    // form (its key), and a callback given to `mutate` is dropped once its form has unmounted — the toast was lost
    // now and then (e2e). The promise settles whatever is mounted; a failure is shown from `rename.error`.
    rename.mutateAsync({ siteId: device.siteId, deviceId: device.deviceId, label: parsed.data }).then(
      (saved) => notify(t('devices.detail.renamed', { label: saved.label ?? '' })),
      () => undefined,
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('devices.detail.newLabel')}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && error ? t(error) : undefined}
          required
        />
        {rename.error && (
          <Alert color="red" role="alert">
            {isApiError(rename.error, 400) ? t('validation.deviceLabelInvalid') : t('signIn.genericError')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={rename.isPending} disabled={unchanged}>
            {t('devices.detail.rename')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

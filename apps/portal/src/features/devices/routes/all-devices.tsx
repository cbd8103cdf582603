import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { Money } from '../../../components/money.tsx';
import { Page } from '../../../components/page.tsx';
import { useUrlFilters } from '../../../components/use-url-filters.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { type Device, devicesQueryOptions } from '../api/devices-api.ts';
import { DeviceDrawer } from '../components/device-drawer.tsx';
import { LastActivity } from '../components/last-activity.tsx';
import { useAssignableSites } from './connect-new-device.tsx';

/** /devices: serial, label, model, site, last transaction, last activity, firmware; search, site filter, pages. */
export default function AllDevicesScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const sites = useAssignableSites(merchantId);
  const { values } = useUrlFilters(['search', 'siteId']);
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    ...devicesQueryOptions(merchantId, {
      pageNumber,
      ...(values.search ? { search: values.search } : {}),
      ...(values.siteId ? { siteId: values.siteId } : {}),
    }),
    enabled: merchantId !== '',
  });
  // The open device lives in the URL (`device`, `deviceSite`) so a reload or a shared link reopens it.
  const deviceId = params.get('device');
  const deviceSite = params.get('deviceSite');
  const opened = deviceId && deviceSite ? { deviceId, siteId: deviceSite } : undefined;
  const setOpened = (device: { deviceId: string; siteId: string } | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (device) {
          next.set('device', device.deviceId);
          next.set('deviceSite', device.siteId);
        } else {
          next.delete('device');
          next.delete('deviceSite');
        }
        return next;
      },
      { replace: true },
    );
  return (
    <Page titleKey="routes.all-devices">
      <FilterBar
        fields={[
          {
            type: 'search',
            name: 'search',
            label: t('devices.search'),
            placeholder: t('devices.searchHint'),
          },
          {
            type: 'select',
            name: 'siteId',
            label: t('devices.columns.site'),
            options: (sites.data ?? []).map((site) => ({ value: site.siteId, label: site.name })),
          },
        ]}
      />
      <DataTable<Device>
        label={t('routes.all-devices')}
        idAccessor="deviceId"
        records={query.data?.data}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ text: t('devices.none') }}
        onRowClick={(d) => {
          if (d.siteId) setOpened({ deviceId: d.deviceId, siteId: d.siteId });
        }}
        pages={{
          page: pageNumber,
          recordsPerPage: query.data?.pageSize ?? 20,
          totalRecords: query.data?.total ?? 0,
          onPageChange: (page) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('page', String(page));
              return next;
            }),
        }}
        columns={[
          {
            accessor: 'serial',
            title: t('devices.columns.serial'),
            render: (d) =>
              d.siteId ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  style={{ whiteSpace: 'nowrap' }}
                  aria-label={t('devices.detail.open', { serial: d.serial })}
                  onClick={() => d.siteId && setOpened({ deviceId: d.deviceId, siteId: d.siteId })}
                >
                  {d.serial}
                </Anchor>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {d.serial}
                </Text>
              ),
          },
          { accessor: 'label', title: t('devices.columns.label'), render: (d) => d.label ?? '—' },
          {
            accessor: 'model',
            title: t('devices.columns.model'),
            render: (d) => t(`devices.models.${d.model}`),
          },
          { accessor: 'siteName', title: t('devices.columns.site'), render: (d) => d.siteName ?? '—' },
          {
            accessor: 'lastTransactionAt',
            title: t('devices.columns.lastTransaction'),
            render: (d) =>
              d.lastTransactionAt ? (
                <>
                  <DateTime value={d.lastTransactionAt} />
                  {d.lastTransactionAmount && (
                    <>
                      {' · '}
                      <Money value={d.lastTransactionAmount} />
                    </>
                  )}
                </>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'lastActivityAt',
            title: t('devices.columns.lastActivity'),
            render: (d) => <LastActivity at={d.lastActivityAt} />,
          },
          {
            accessor: 'firmwareVersion',
            title: t('devices.columns.firmware'),
            render: (d) => d.firmwareVersion ?? '—',
          },
        ]}
      />
      <DeviceDrawer merchantId={merchantId} opened={opened} onClose={() => setOpened(undefined)} />
    </Page>
  );
}

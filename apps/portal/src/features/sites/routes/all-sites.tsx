import { Alert, Anchor, Button, Code, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { Page } from '../../../components/page.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { type SiteSummary, useDeleteSite, useRevealPasscodes, useSitesList } from '../api/sites-api.ts';
import { useSitePermissions } from '../use-site-permissions.ts';

const addressLine = (site: SiteSummary) =>
  [site.address.line1, site.address.line2, site.address.city, site.address.postalCode, site.address.country]
    .filter(Boolean)
    .join(', ');

/** /sites: name, settlement window, display name, address, devices; edit, delete, add, passcodes (SPEC §2.4). */
export default function AllSitesScreen() {
  const { t } = useTranslation();
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const can = useSitePermissions();
  const sites = useSitesList(merchantId);
  const remove = useDeleteSite(merchantId);
  const reveal = useRevealPasscodes(merchantId);
  const [deleting, setDeleting] = useState<SiteSummary | null>(null);
  const [revealing, setRevealing] = useState<SiteSummary | null>(null);
  const [revealed, setRevealed] = useState<{ site: SiteSummary; adminPin: string; refundPin: string } | null>(
    null,
  );

  return (
    <Page
      titleKey="routes.all-sites"
      action={
        can.create ? (
          <Button component={Link} to={pathTo('new-site')}>
            {t('sites.add')}
          </Button>
        ) : undefined
      }
    >
      {revealed && (
        <Alert
          variant="light"
          title={t('sites.passcodes.title', { name: revealed.site.name })}
          withCloseButton
          onClose={() => setRevealed(null)}
        >
          <Text size="sm">
            {t('sites.passcodes.admin')}: <Code>{revealed.adminPin}</Code> · {t('sites.passcodes.refund')}:{' '}
            <Code>{revealed.refundPin}</Code>
          </Text>
        </Alert>
      )}
      <DataTable<SiteSummary>
        label={t('routes.all-sites')}
        idAccessor="siteId"
        records={sites.data}
        error={sites.error}
        onRetry={() => void sites.refetch()}
        empty={{
          text: t('sites.none'),
          action: can.create ? (
            <Button component={Link} to={pathTo('new-site')}>
              {t('sites.add')}
            </Button>
          ) : undefined,
        }}
        columns={[
          {
            accessor: 'name',
            title: t('sites.columns.name'),
            render: (site) => (
              <Text fw={600} size="sm">
                {site.name}
              </Text>
            ),
          },
          {
            accessor: 'settlementWindow',
            title: t('sites.columns.settlementWindow'),
            render: (site) => t('sites.settlesAt', { time: site.settlementWindow }),
          },
          {
            accessor: 'displayName',
            title: t('sites.columns.displayName'),
            render: (site) => site.displayName ?? '—',
          },
          { accessor: 'address', title: t('sites.columns.address'), render: addressLine },
          {
            accessor: 'deviceCount',
            title: t('sites.columns.devices'),
            textAlign: 'right',
            render: (site) => (
              <Anchor component={Link} to={pathTo('all-devices', {}, { siteId: site.siteId })} size="sm">
                {site.deviceCount}
              </Anchor>
            ),
          },
          {
            accessor: 'actions',
            title: t('sites.columns.actions'),
            render: (site) => (
              <Group gap="xs" wrap="nowrap">
                {can.update(site.siteId) && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    component={Link}
                    to={pathTo('edit-site', { siteId: site.siteId })}
                    aria-label={t('sites.editOf', { name: site.name })}
                  >
                    {t('sites.edit')}
                  </Button>
                )}
                {can.update(site.siteId) && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setRevealing(site)}
                    aria-label={t('sites.passcodes.seeOf', { name: site.name })}
                  >
                    {t('sites.passcodes.see')}
                  </Button>
                )}
                {can.staff && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    component={Link}
                    to={pathTo('site-internal-settings', { siteId: site.siteId })}
                  >
                    {t('sites.internal')}
                  </Button>
                )}
                {can.update(site.siteId) && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(site)}
                    aria-label={t('sites.deleteOf', { name: site.name })}
                  >
                    {t('sites.delete')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        title={t('sites.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('sites.delete')}
        danger
        loading={remove.isPending}
        // The dialog awaits this promise: a refusal ends here (shown from `remove.error`), not as an unhandled
        // rejection.
        onConfirm={() =>
          deleting &&
          remove.mutateAsync(deleting.siteId).then(
            () => {
              notify(t('sites.deleted', { name: deleting.name }));
              setDeleting(null);
            },
            () => undefined,
          )
        }
      >
        <Text size="sm">{t('sites.deleteBody')}</Text>
        {remove.error && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {t(
              apiErrorKey(remove.error, 'errors.generic', {
                SITE_HAS_DEVICES: 'validation.siteHasDevices',
                SITE_HAS_RECENT_TRANSACTIONS: 'validation.siteHasRecentTransactions',
              }),
            )}
          </Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={revealing !== null}
        onClose={() => {
          setRevealing(null);
          reveal.reset();
        }}
        title={t('sites.passcodes.revealTitle', { name: revealing?.name ?? '' })}
        confirmLabel={t('sites.passcodes.reveal')}
        loading={reveal.isPending}
        onConfirm={() =>
          revealing &&
          reveal.mutateAsync(revealing.siteId).then(
            (pins) => {
              setRevealed({ site: revealing, ...pins });
              setRevealing(null);
            },
            () => undefined,
          )
        }
      >
        <Text size="sm">{t('sites.passcodes.revealBody')}</Text>
        {reveal.error && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {t(apiErrorKey(reveal.error, 'errors.generic'))}
          </Alert>
        )}
      </ConfirmDialog>
    </Page>
  );
}

import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { Page } from '../../../components/page.tsx';
import { readCompanionRedirectsDisabled } from '../../../lib/storage/flags.ts';
import { companionConfigQueryOptions } from '../api/get-companion-config.ts';
import { type CompanionPage, platformOf, startHandOff, storeUrlFor } from '../hand-off.ts';

interface CompanionHandOffProps {
  page: CompanionPage;
  titleKey: string;
}

/**
 * /app/tap-to-pay, /app/eod-reports, /app/capital (SPEC §2.1, issue 14 §1): on a phone, open the companion app at
 * the page's link and fall back to the phone's store; on a computer, offer the links. With the stored disable
 * flag (the app sets it in its own web view, so the page never reopens the app) nothing happens, and it says why.
 */
export function CompanionHandOff({ page, titleKey }: CompanionHandOffProps) {
  const { t } = useTranslation();
  const disabled = readCompanionRedirectsDisabled();
  const config = useQuery({ ...companionConfigQueryOptions(), enabled: !disabled });
  const platform = platformOf(navigator.userAgent);
  const appLink = config.data?.links[page];
  const storeUrl = config.data ? storeUrlFor(platform, config.data) : null;
  const fallbackMs = config.data?.fallbackMs;

  useEffect(() => {
    if (disabled || platform === 'other' || !appLink || fallbackMs === undefined) return;
    return startHandOff(
      { appLink, storeUrl, fallbackMs },
      { go: (url) => window.location.assign(url), isHidden: () => document.visibilityState === 'hidden' },
    );
  }, [disabled, platform, appLink, storeUrl, fallbackMs]);

  if (disabled)
    return (
      <Page titleKey={titleKey}>
        <Alert color="gray" title={t('companion.handOff.disabledTitle')}>
          {t('companion.handOff.disabledBody')}
        </Alert>
      </Page>
    );

  return (
    <Page titleKey={titleKey}>
      {config.isError ? (
        <Alert color="red" title={t('companion.handOff.configFailed')}>
          <Button variant="light" onClick={() => void config.refetch()}>
            {t('companion.handOff.retry')}
          </Button>
        </Alert>
      ) : !config.data || !appLink ? (
        <LoadingIndicator label={t('companion.handOff.opening')} />
      ) : (
        <Stack gap="md" maw={520}>
          <Text>{t(platform === 'other' ? 'companion.handOff.onPhone' : 'companion.handOff.opening')}</Text>
          <Group wrap="wrap">
            <Button component="a" href={appLink}>
              {t('companion.handOff.openApp')}
            </Button>
          </Group>
          <StoreLinks appStoreUrl={config.data.appStoreUrl} playStoreUrl={config.data.playStoreUrl} />
        </Stack>
      )}
    </Page>
  );
}

function StoreLinks({
  appStoreUrl,
  playStoreUrl,
}: {
  appStoreUrl: string | null;
  playStoreUrl: string | null;
}) {
  const { t } = useTranslation();
  if (!appStoreUrl && !playStoreUrl) return <Text c="dimmed">{t('companion.handOff.noStores')}</Text>;
  return (
    <Stack gap={4}>
      <Text c="dimmed">{t('companion.handOff.notInstalled')}</Text>
      <Group gap="md" wrap="wrap">
        {appStoreUrl && <Anchor href={appStoreUrl}>{t('companion.handOff.appStore')}</Anchor>}
        {playStoreUrl && <Anchor href={playStoreUrl}>{t('companion.handOff.playStore')}</Anchor>}
      </Group>
    </Stack>
  );
}

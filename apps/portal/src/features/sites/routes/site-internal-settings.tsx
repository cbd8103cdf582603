import {
  Alert,
  Button,
  Code,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import type { Locale } from '@mp/domain/locales';
import { formatMoneyInput } from '@mp/domain/money';
import { adjustThresholdInputSchema, manualLimitInputSchema, pinSchema } from '@mp/domain/schemas/settings';
import { payByLinkTermsUrlSchema } from '@mp/domain/schemas/site';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { apiErrorKey } from '../../../lib/api/api-error.ts';
import { useCurrentMerchant } from '../../../lib/merchant/current-merchant.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import {
  type SiteInternalSettings,
  siteInternalQueryOptions,
  useRotateIntegrationSecret,
  useUpdateSiteInternal,
} from '../api/sites-api.ts';

type Draft = SiteInternalSettings & {
  text: {
    perTransaction: string;
    daily: string;
    adjustThreshold: string;
    adminPin: string;
    refundPin: string;
    terms: string;
    pushUrl: string;
  };
};

function draftOf(settings: SiteInternalSettings, locale: string): Draft {
  return {
    ...settings,
    text: {
      perTransaction: formatMoneyInput(
        settings.deviceSettings.manualLimitPerTransaction,
        locale,
        settings.currency,
      ),
      daily: formatMoneyInput(settings.deviceSettings.manualLimitDaily, locale, settings.currency),
      adjustThreshold: String(settings.deviceSettings.preAuth.adjustThreshold).replace(
        '.',
        locale === 'en-GB' ? '.' : ',',
      ),
      adminPin: '',
      refundPin: '',
      terms: settings.payByLinkTermsUrl ?? '',
      pushUrl: settings.integrations.connectPush.url ?? '',
    },
  };
}

/** /sites/{siteId}/internal (staff only): the five tabs of SPEC §2.4, one validated document, audited. */
export default function SiteInternalSettingsScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const siteId = useParams().siteId ?? '';
  const merchantId = useCurrentMerchant()?.merchantId ?? '';
  const query = useQuery(siteInternalQueryOptions(merchantId, siteId));
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('sites.settings.title', { name: query.data?.name ?? '' })}
        description={t('sites.settings.staffOnly')}
      />
      {query.isPending && <LoadingIndicator size="sm" label={t('sites.loading')} />}
      {query.error && (
        <Alert color="red" variant="light" role="alert">
          {t(apiErrorKey(query.error, 'errors.generic'))}
        </Alert>
      )}
      {query.data && (
        <SettingsForm
          key={query.data.siteId}
          initial={draftOf(query.data, locale)}
          locale={locale}
          merchantId={merchantId}
        />
      )}
    </Stack>
  );
}

function SettingsForm({
  initial,
  locale,
  merchantId,
}: {
  initial: Draft;
  locale: Locale;
  merchantId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The new secret of the last rotation and the integration it belongs to: shown only this once. */
  const [secret, setSecret] = useState<{ kind: 'push' | 'pull'; value: string } | null>(null);
  const save = useUpdateSiteInternal(merchantId, initial.siteId);
  const rotate = useRotateIntegrationSecret(merchantId, initial.siteId);
  const set = (update: (d: Draft) => Draft) => setDraft(update);
  const text = (name: keyof Draft['text']) => ({
    value: draft.text[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      set((d) => ({ ...d, text: { ...d.text, [name]: value } }));
    },
    error: errors[name] ? t(errors[name]) : undefined,
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const check = <T,>(
      name: string,
      result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
    ) => {
      if (result.success) return result.data;
      found[name] = result.error.issues[0]?.message ?? 'validation.invalid';
      return undefined;
    };
    const perTransaction = check(
      'perTransaction',
      manualLimitInputSchema(locale, draft.currency).safeParse(draft.text.perTransaction),
    );
    const daily = check('daily', manualLimitInputSchema(locale, draft.currency).safeParse(draft.text.daily));
    const adjustThreshold = check(
      'adjustThreshold',
      adjustThresholdInputSchema(locale).safeParse(draft.text.adjustThreshold),
    );
    const adminPin = draft.text.adminPin
      ? check('adminPin', pinSchema.safeParse(draft.text.adminPin))
      : undefined;
    const refundPin = draft.text.refundPin
      ? check('refundPin', pinSchema.safeParse(draft.text.refundPin))
      : undefined;
    const terms = draft.text.terms.trim()
      ? check('terms', payByLinkTermsUrlSchema.safeParse(draft.text.terms))
      : null;
    if (draft.paymentMethods.payByLink && !draft.text.terms.trim())
      found.terms = 'validation.payByLinkTermsRequired';
    const pushUrl = draft.text.pushUrl.trim()
      ? check('pushUrl', payByLinkTermsUrlSchema.safeParse(draft.text.pushUrl))
      : null;
    if (draft.integrations.connectPush.enabled && !draft.text.pushUrl.trim())
      found.pushUrl = 'validation.urlInvalid';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        payByLinkTermsUrl: terms ?? null,
        settings: {
          payouts: draft.payouts,
          paymentMethods: draft.paymentMethods,
          tips: draft.tips,
          integrations: {
            connectPush: { enabled: draft.integrations.connectPush.enabled, url: pushUrl ?? null },
            connectPull: { enabled: draft.integrations.connectPull.enabled },
          },
          deviceSettings: {
            manualLimitPerTransaction: perTransaction as number,
            manualLimitDaily: daily as number,
            preAuth: {
              enabled: draft.deviceSettings.preAuth.enabled,
              adjustThreshold: adjustThreshold as number,
            },
            unreferencedRefunds: draft.deviceSettings.unreferencedRefunds,
            refundsOverdraft: draft.deviceSettings.refundsOverdraft,
            ...(adminPin ? { adminPin } : {}),
            ...(refundPin ? { refundPin } : {}),
          },
        },
      },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved, locale));
          notify(t('sites.settings.saved'));
        },
      },
    );
  }

  const toggle = (label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <Switch label={label} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
  );
  // One rotation at a time: a second `mutate` on the hook drops the first's callbacks, and with them the first
  // new secret, which is shown only once.
  const rotateButton = (kind: 'push' | 'pull') => {
    const integration = kind === 'push' ? 'connectPush' : 'connectPull';
    return (
      <Button
        variant="default"
        loading={rotate.isPending && rotate.variables === kind}
        disabled={rotate.isPending}
        onClick={() =>
          rotate.mutate(kind, {
            onSuccess: (r) => {
              setSecret({ kind, value: r.secret });
              set((d) => ({
                ...d,
                integrations: {
                  ...d.integrations,
                  [integration]: { ...d.integrations[integration], secretLastFour: r.lastFour },
                },
              }));
            },
          })
        }
      >
        {t(kind === 'push' ? 'sites.settings.rotatePush' : 'sites.settings.rotatePull')}
      </Button>
    );
  };
  const secretLine = (lastFour: string | null) => (
    <Text size="sm" c="dimmed">
      {lastFour ? t('sites.settings.secretSet', { lastFour }) : t('sites.settings.noSecret')}
    </Text>
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={640}>
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {t(apiErrorKey(save.error, 'errors.generic'))}
          </Alert>
        )}
        <Tabs defaultValue="payouts" keepMounted>
          <Tabs.List>
            {(['payouts', 'paymentMethods', 'tips', 'integrations', 'deviceSettings'] as const).map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`sites.settings.tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="payouts" pt="md">
            <Stack>
              <Radio.Group
                label={t('sites.settings.settlementType')}
                value={draft.payouts.settlementType}
                onChange={(value) =>
                  set((d) => ({ ...d, payouts: { ...d.payouts, settlementType: value as 'net' | 'gross' } }))
                }
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="net" label={t('sites.settings.net')} />
                  <Radio value="gross" label={t('sites.settings.gross')} />
                </Stack>
              </Radio.Group>
              {toggle(t('sites.settings.payoutHold'), draft.payouts.payoutHold, (v) =>
                set((d) => ({ ...d, payouts: { ...d.payouts, payoutHold: v } })),
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="paymentMethods" pt="md">
            <Stack>
              {toggle(t('sites.settings.moto'), draft.paymentMethods.moto, (v) =>
                set((d) => ({ ...d, paymentMethods: { ...d.paymentMethods, moto: v } })),
              )}
              {toggle(t('sites.settings.payByLink'), draft.paymentMethods.payByLink, (v) =>
                set((d) => ({ ...d, paymentMethods: { ...d.paymentMethods, payByLink: v } })),
              )}
              <TextInput
                label={t('sites.settings.payByLinkTermsUrl')}
                type="url"
                placeholder="https://"
                {...text('terms')}
              />
              {toggle(t('sites.settings.tapToPay'), draft.paymentMethods.tapToPay, (v) =>
                set((d) => ({ ...d, paymentMethods: { ...d.paymentMethods, tapToPay: v } })),
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="tips" pt="md">
            <Stack>
              {toggle(t('sites.settings.tipsEnabled'), draft.tips.enabled, (v) =>
                set((d) => ({ ...d, tips: { ...d.tips, enabled: v } })),
              )}
              <Select
                label={t('sites.settings.tipProvider')}
                value={draft.tips.provider}
                allowDeselect={false}
                data={[
                  { value: 'own', label: t('sites.settings.providers.own') },
                  { value: 'tipjar', label: t('sites.settings.providers.tipjar') },
                ]}
                onChange={(value) =>
                  value && set((d) => ({ ...d, tips: { ...d.tips, provider: value as 'own' | 'tipjar' } }))
                }
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="integrations" pt="md">
            <Stack>
              {secret && (
                <Alert
                  variant="light"
                  withCloseButton
                  onClose={() => setSecret(null)}
                  title={t(
                    secret.kind === 'push' ? 'sites.settings.newPushSecret' : 'sites.settings.newPullSecret',
                  )}
                >
                  <Stack gap="xs">
                    <Text size="sm">{t('sites.settings.secretOnce')}</Text>
                    <Code block>{secret.value}</Code>
                  </Stack>
                </Alert>
              )}
              {toggle(t('sites.settings.connectPush'), draft.integrations.connectPush.enabled, (v) =>
                set((d) => ({
                  ...d,
                  integrations: {
                    ...d.integrations,
                    connectPush: { ...d.integrations.connectPush, enabled: v },
                  },
                })),
              )}
              <TextInput
                label={t('sites.settings.connectPushUrl')}
                type="url"
                placeholder="https://"
                {...text('pushUrl')}
              />
              {secretLine(draft.integrations.connectPush.secretLastFour)}
              <Group>{rotateButton('push')}</Group>
              {toggle(t('sites.settings.connectPull'), draft.integrations.connectPull.enabled, (v) =>
                set((d) => ({
                  ...d,
                  integrations: {
                    ...d.integrations,
                    connectPull: { ...d.integrations.connectPull, enabled: v },
                  },
                })),
              )}
              {secretLine(draft.integrations.connectPull.secretLastFour)}
              <Group>{rotateButton('pull')}</Group>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="deviceSettings" pt="md">
            <Stack>
              <PasswordInput
                label={t('sites.settings.adminPin')}
                description={t('sites.settings.pinHint')}
                inputMode="numeric"
                maxLength={4}
                {...text('adminPin')}
              />
              <PasswordInput
                label={t('sites.settings.refundPin')}
                description={t('sites.settings.pinHint')}
                inputMode="numeric"
                maxLength={4}
                {...text('refundPin')}
              />
              <TextInput
                label={t('sites.settings.manualLimitPerTransaction')}
                inputMode="decimal"
                rightSection={draft.currency}
                {...text('perTransaction')}
              />
              <TextInput
                label={t('sites.settings.manualLimitDaily')}
                inputMode="decimal"
                rightSection={draft.currency}
                {...text('daily')}
              />
              {toggle(t('sites.settings.preAuth'), draft.deviceSettings.preAuth.enabled, (v) =>
                set((d) => ({
                  ...d,
                  deviceSettings: {
                    ...d.deviceSettings,
                    preAuth: { ...d.deviceSettings.preAuth, enabled: v },
                  },
                })),
              )}
              <TextInput
                label={t('sites.settings.adjustThreshold')}
                inputMode="decimal"
                {...text('adjustThreshold')}
              />
              {toggle(
                t('sites.settings.unreferencedRefunds'),
                draft.deviceSettings.unreferencedRefunds,
                (v) =>
                  set((d) => ({ ...d, deviceSettings: { ...d.deviceSettings, unreferencedRefunds: v } })),
              )}
              {toggle(t('sites.settings.refundsOverdraft'), draft.deviceSettings.refundsOverdraft, (v) =>
                set((d) => ({ ...d, deviceSettings: { ...d.deviceSettings, refundsOverdraft: v } })),
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('sites.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import { listPasskeys, type Passkey, passkeysQueryKey, removePasskey } from '../api/passkeys.ts';
import { factorsQueryKey } from '../api/two-factor.ts';
import { useFlow } from '../use-flow.ts';
import { useUpgradeSession } from '../use-upgrade-session.ts';
import { FlowAlert } from './flow-alert.tsx';
import { type FreshProof, FreshProofFields, freshProofBody, NO_PROOF } from './fresh-proof-fields.tsx';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatDate(iso, currentLocale(), zone(), 'dateTime');

/**
 * Issue 15: the user's passkeys in the two-factor settings — add one under a name (the browser's own dialog
 * creates it), see when each was added and last used, remove one with a fresh password or code.
 */
export function PasskeySettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upgradeSession = useUpgradeSession();
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
  const adding = useFlow('passkeySettings');
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    await queryClient.invalidateQueries({ queryKey: factorsQueryKey });
  };

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const added = await adding.run(async () => {
      const { addPasskey } = await import('../passkey-ceremonies.ts');
      return addPasskey(name.trim());
    });
    if (!added) return;
    setName('');
    notify(t('passkeys.added'));
    // The new passkey proved itself: this session has passed a second factor now (as after an app set-up).
    await upgradeSession();
    await refresh();
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('passkeys.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('passkeys.intro')}
      </Text>
      {passkeys.isPending ? (
        <LoadingIndicator size="sm" />
      ) : passkeys.isError ? (
        <FlowAlert errorKey="errors.generic" />
      ) : passkeys.data.length === 0 ? (
        <Text size="sm">{t('passkeys.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.data.map((passkey) => (
            <Paper component="li" withBorder p="sm" key={passkey.id}>
              {removing?.id === passkey.id ? (
                <RemovePasskey
                  passkey={passkey}
                  onDone={async (removed) => {
                    setRemoving(null);
                    if (!removed) return;
                    notify(t('passkeys.removed'));
                    await refresh();
                  }}
                />
              ) : (
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      {passkey.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('passkeys.created', { date: when(passkey.createdAt) })} ·{' '}
                      {passkey.lastUsedAt
                        ? t('passkeys.lastUsed', { date: when(passkey.lastUsedAt) })
                        : t('passkeys.neverUsed')}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    style={{ flexShrink: 0 }}
                    onClick={() => setRemoving(passkey)}
                    aria-label={t('passkeys.removeTitle', { name: passkey.name })}
                  >
                    {t('passkeys.remove')}
                  </Button>
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <form noValidate onSubmit={(event) => void add(event)}>
        <Stack gap="xs">
          <FlowAlert errorKey={adding.errorKey} />
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 12rem' }}
              label={t('passkeys.name')}
              placeholder={t('passkeys.namePlaceholder')}
              maxLength={64}
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Button type="submit" disabled={!name.trim() || adding.isLoading} loading={adding.isLoading}>
              {t('passkeys.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Removal: the same fresh proof as the authenticator app's (password or a current code). */
function RemovePasskey({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  onDone: (removed: boolean) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const flow = useFlow('passkeySettings');
  const [proof, setProof] = useState<FreshProof>(NO_PROOF);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await flow.run(() => removePasskey(passkey.id, freshProofBody(proof)))) await onDone(true);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('passkeys.removeTitle', { name: passkey.name })}
        </Text>
        <Text size="sm">{t('passkeys.removeIntro')}</Text>
        <FreshProofFields
          proof={proof}
          onChange={setProof}
          errorKey={flow.errorKey}
          onKindChange={flow.reset}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => void onDone(false)}>
            {t('passkeys.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            variant="light"
            disabled={!proof.value.trim() || flow.isLoading}
            loading={flow.isLoading}
          >
            {t('passkeys.confirmRemove')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

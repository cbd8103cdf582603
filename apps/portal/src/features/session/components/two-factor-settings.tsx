import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { notify } from '../../../lib/notifications/notify.ts';
import { listPasskeys, passkeysQueryKey } from '../api/passkeys.ts';
import { factorsQueryKey, getFactors, removeTotp } from '../api/two-factor.ts';
import { useFlow } from '../use-flow.ts';
import { useUpgradeSession } from '../use-upgrade-session.ts';
import { FlowAlert } from './flow-alert.tsx';
import { type FreshProof, FreshProofFields, freshProofBody, NO_PROOF } from './fresh-proof-fields.tsx';
import { PasskeySettings } from './passkey-settings.tsx';
import { TotpSetup } from './totp-setup.tsx';

/**
 * Issue 15: two-factor sign-in from the user menu. Off → set up an authenticator app (QR code and key, a first
 * code to confirm, then the 10 recovery codes shown this once). On → remove it with a fresh password or code.
 */
export function TwoFactorSettings({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upgradeSession = useUpgradeSession();
  const factors = useQuery({ queryKey: factorsQueryKey, queryFn: getFactors, enabled: opened });
  const passkeys = useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys, enabled: opened });
  const flow = useFlow('twoFactorSettings');
  const [proof, setProof] = useState<FreshProof>(NO_PROOF);
  const [settingUp, setSettingUp] = useState(false);

  const close = () => {
    setProof(NO_PROOF);
    setSettingUp(false);
    flow.reset();
    onClose();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: factorsQueryKey });

  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!(await flow.run(() => removeTotp(freshProofBody(proof))))) return;
    notify(t('twoFactor.settings.removed'));
    setProof(NO_PROOF);
    await refresh();
  };

  let body: React.ReactNode;
  if (settingUp || (factors.data && !factors.data.totp))
    body = (
      <TotpSetup
        intro={passkeys.data?.length ? t('passkeys.alsoApp') : t('twoFactor.settings.off')}
        onConfirmed={async () => {
          setSettingUp(true);
          await upgradeSession();
        }}
        onDone={() => {
          void refresh();
          close();
        }}
      />
    );
  else if (!factors.data)
    body = factors.isError ? <FlowAlert errorKey="errors.generic" /> : <LoadingIndicator size="sm" />;
  else
    body = (
      <form noValidate onSubmit={(event) => void remove(event)}>
        <Stack gap="md">
          <Alert color="green" variant="light">
            {t('twoFactor.settings.on')}
          </Alert>
          <Text size="sm">
            {t('twoFactor.settings.recoveryLeft', { count: factors.data.recoveryCodesLeft })}
          </Text>
          <Text size="sm">{t('twoFactor.settings.removeIntro')}</Text>
          <FreshProofFields
            proof={proof}
            onChange={setProof}
            errorKey={flow.errorKey}
            onKindChange={flow.reset}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="red"
              variant="light"
              disabled={!proof.value.trim() || flow.isLoading}
              loading={flow.isLoading}
            >
              {t('twoFactor.settings.remove')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Modal opened={opened} onClose={close} title={t('twoFactor.settings.title')} centered>
      {body}
      {/* Issue 15: passkeys, next to the authenticator app (not while its recovery codes are shown). */}
      {opened && !settingUp && (
        <>
          <Divider my="lg" />
          <PasskeySettings />
        </>
      )}
    </Modal>
  );
}

import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications/notify.ts';
import {
  confirmTotpSetup,
  factorsQueryKey,
  getFactors,
  removeTotp,
  startTotpSetup,
} from '../api/two-factor.ts';
import { useFlow } from '../use-flow.ts';
import { FlowAlert } from './flow-alert.tsx';

type Enrolment = Awaited<ReturnType<typeof startTotpSetup>>;

/**
 * Issue 15: two-factor sign-in from the user menu. Off → set up an authenticator app (QR code and key, a first
 * code to confirm, then the 10 recovery codes shown this once). On → remove it with a fresh password.
 */
export function TwoFactorSettings({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: factorsQueryKey, queryFn: getFactors, enabled: opened });
  const flow = useFlow('twoFactorSettings');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const close = () => {
    setEnrolment(null);
    setCode('');
    setPassword('');
    setRecoveryCodes(null);
    flow.reset();
    onClose();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: factorsQueryKey });

  const start = async () => {
    const started = await flow.run(startTotpSetup);
    if (started) setEnrolment(started);
  };
  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const confirmed = await flow.run(() => confirmTotpSetup({ code: code.trim() }));
    if (!confirmed) return;
    setEnrolment(null);
    setRecoveryCodes(confirmed.recoveryCodes);
    await refresh();
  };
  const remove = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!(await flow.run(() => removeTotp({ password })))) return;
    notify(t('twoFactor.settings.removed'));
    setPassword('');
    await refresh();
  };

  let body: React.ReactNode;
  if (recoveryCodes)
    body = (
      <Stack gap="md">
        <Text fw={600}>{t('twoFactor.settings.recoveryTitle')}</Text>
        <Text size="sm">{t('twoFactor.settings.recoveryIntro')}</Text>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {recoveryCodes.map((recovery) => (
            <Code key={recovery} fz="md">
              {recovery}
            </Code>
          ))}
        </SimpleGrid>
        <Button onClick={close}>{t('twoFactor.settings.saved')}</Button>
      </Stack>
    );
  else if (enrolment)
    body = (
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <Stack gap="md">
          <Text size="sm">{t('twoFactor.settings.scan')}</Text>
          <Image
            src={enrolment.qrCode}
            alt={t('twoFactor.settings.qrAlt')}
            w={200}
            h={200}
            mx="auto"
            bg="white"
            radius="sm"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('twoFactor.settings.secret')}
            </Text>
            <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {enrolment.secret}
            </Code>
          </Stack>
          <FlowAlert errorKey={flow.errorKey} />
          <TextInput
            label={t('twoFactor.settings.firstCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button
            type="submit"
            disabled={!/^\d{6}$/.test(code.trim()) || flow.isLoading}
            loading={flow.isLoading}
          >
            {t('twoFactor.settings.confirm')}
          </Button>
        </Stack>
      </form>
    );
  else if (!factors.data)
    body = factors.isError ? <FlowAlert errorKey="errors.generic" /> : <Loader size="sm" />;
  else if (factors.data.totp)
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
          <FlowAlert errorKey={flow.errorKey} />
          <PasswordInput
            label={t('twoFactor.settings.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              color="red"
              variant="light"
              disabled={!password || flow.isLoading}
              loading={flow.isLoading}
            >
              {t('twoFactor.settings.remove')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  else
    body = (
      <Stack gap="md">
        <Text size="sm">{t('twoFactor.settings.off')}</Text>
        <FlowAlert errorKey={flow.errorKey} />
        <Button onClick={() => void start()} loading={flow.isLoading}>
          {t('twoFactor.settings.start')}
        </Button>
      </Stack>
    );

  return (
    <Modal opened={opened} onClose={close} title={t('twoFactor.settings.title')} centered>
      {body}
    </Modal>
  );
}

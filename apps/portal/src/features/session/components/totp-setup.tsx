import { Button, Code, Image, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmTotpSetup, startTotpSetup } from '../api/two-factor.ts';
import { useFlow } from '../use-flow.ts';
import { FlowAlert } from './flow-alert.tsx';

type Enrolment = Awaited<ReturnType<typeof startTotpSetup>>;

/**
 * Issue 15: setting up an authenticator app — start, scan the QR code (or type the key), confirm with a first
 * code, then the 10 recovery codes shown this once. The confirming code also marks this session as having
 * passed a second factor; `onConfirmed` runs then, `onDone` when the user has saved the recovery codes.
 */
export function TotpSetup({
  intro,
  onConfirmed,
  onDone,
}: {
  intro: string;
  onConfirmed?: () => void | Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const flow = useFlow('twoFactorSettings');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    const started = await flow.run(startTotpSetup);
    if (started) setEnrolment(started);
  };
  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const confirmed = await flow.run(() => confirmTotpSetup({ code: code.trim() }));
    if (!confirmed) return;
    // The session is upgraded (tokens refreshed) before the codes show, so "I have saved them" leads on at once.
    await onConfirmed?.();
    setEnrolment(null);
    setRecoveryCodes(confirmed.recoveryCodes);
  };

  if (recoveryCodes)
    return (
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
        <Button onClick={onDone}>{t('twoFactor.settings.saved')}</Button>
      </Stack>
    );
  if (enrolment)
    return (
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
  return (
    <Stack gap="md">
      <Text size="sm">{intro}</Text>
      <FlowAlert errorKey={flow.errorKey} />
      <Button onClick={() => void start()} loading={flow.isLoading}>
        {t('twoFactor.settings.start')}
      </Button>
    </Stack>
  );
}

import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { safeRedirectTarget } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { verifySessionSecondFactor } from '../api/two-factor.ts';
import { FlowAlert } from '../components/flow-alert.tsx';
import { TotpSetup } from '../components/totp-setup.tsx';
import { useFlow } from '../use-flow.ts';
import { useUpgradeSession } from '../use-upgrade-session.ts';

/** Step-up: a user who has an app but whose session did not pass it (e.g. social sign-in) enters a code. */
function VerifySession({ onVerified }: { onVerified: () => Promise<void> }) {
  const { t } = useTranslation();
  const flow = useFlow('secondFactor');
  const [code, setCode] = useState('');
  const trimmed = code.trim();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await flow.run(() => verifySessionSecondFactor({ code: trimmed }))) await onVerified();
    else setCode('');
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm">{t('twoFactor.challenge.intro')}</Text>
        <FlowAlert errorKey={flow.errorKey} />
        <TextInput
          label={t('twoFactor.challenge.code')}
          description={t('twoFactor.challenge.recoveryHint')}
          autoComplete="one-time-code"
          required
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" disabled={trimmed.length < 6 || flow.isLoading} loading={flow.isLoading}>
          {t('twoFactor.challenge.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /two-factor (issue 15): where staff without a second factor, and users of a merchant that requires one, are
 * sent before anything else opens. Without an app they set one up; with one, they verify a code. Either way
 * the session then carries the second factor and they continue to where they were going.
 */
export default function TwoFactorRequiredScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const upgradeSession = useUpgradeSession();
  const [confirmed, setConfirmed] = useState(false);
  const user = session?.user;
  const target = safeRedirectTarget(search.get('redirect'));
  const proceed = () => void navigate(target, { replace: true });

  return (
    <Page titleKey="twoFactor.settings.title">
      <Card withBorder padding="lg" maw={480}>
        {user?.twoFactor.enabled && !confirmed ? (
          <VerifySession
            onVerified={async () => {
              await upgradeSession();
              proceed();
            }}
          />
        ) : (
          <TotpSetup
            intro={t('twoFactor.settings.off')}
            onConfirmed={async () => {
              setConfirmed(true);
              await upgradeSession();
            }}
            onDone={proceed}
          />
        )}
      </Card>
    </Page>
  );
}

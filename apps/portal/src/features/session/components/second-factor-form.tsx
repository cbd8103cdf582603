import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInTokens } from '../api/sign-in.ts';
import { signInSecondFactor } from '../api/two-factor.ts';
import { useFlow } from '../use-flow.ts';
import { FlowAlert } from './flow-alert.tsx';

interface SecondFactorFormProps {
  /** Already lowercased (SPEC §5). */
  email: string;
  /** The challenge session the password step returned. */
  session: string;
  onSignedIn: (tokens: SignInTokens) => void | Promise<void>;
  onBack: () => void;
}

/** Issue 15: the sign-in's second step, a code from the authenticator app or a recovery code. */
export function SecondFactorForm({ email, session, onSignedIn, onBack }: SecondFactorFormProps) {
  const { t } = useTranslation();
  const flow = useFlow('secondFactor');
  const [code, setCode] = useState('');
  const trimmed = code.trim();

  // Issue 15: a passkey instead of the code (the browser's own dialog; its library loads on this click).
  const signInWithPasskey = async () => {
    const tokens = await flow.run(async () => {
      const { passkeySecondFactor } = await import('../passkey-ceremonies.ts');
      return passkeySecondFactor(email, session);
    });
    if (tokens) await onSignedIn(tokens);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const tokens = await flow.run(() => signInSecondFactor({ email, session, code: trimmed }));
    if (tokens) await onSignedIn(tokens);
    else setCode('');
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('twoFactor.challenge.title')}
        </Title>
        <Text size="sm">{t('twoFactor.challenge.intro')}</Text>
        <FlowAlert errorKey={flow.errorKey} />
        <TextInput
          label={t('twoFactor.challenge.code')}
          description={t('twoFactor.challenge.recoveryHint')}
          autoComplete="one-time-code"
          autoFocus
          required
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" disabled={trimmed.length < 6 || flow.isLoading} loading={flow.isLoading}>
          {t('twoFactor.challenge.submit')}
        </Button>
        <Button variant="default" disabled={flow.isLoading} onClick={() => void signInWithPasskey()}>
          {t('twoFactor.passkey.use')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('twoFactor.challenge.back')}
        </Anchor>
      </Stack>
    </form>
  );
}

import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications/notify.ts';
import { pathTo } from '../../../lib/paths.ts';
import { confirmForgotPassword } from '../api/confirm-forgot-password.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { ForgotPasswordAlert } from '../components/forgot-password-alert.tsx';
import { ForgotPasswordRequestForm } from '../components/forgot-password-request-form.tsx';
import {
  ForgotPasswordResetForm,
  type ResetPasswordValues,
} from '../components/forgot-password-reset-form.tsx';
import { useFlow } from '../use-flow.ts';

/** The reset link of the e-mail: `?t=forgot&e=<email>&c=<code>` opens step 2 prefilled (SPEC §2.4). */
function prefillFrom(search: URLSearchParams): { email: string; code: string } | null {
  const email = search.get('e');
  const code = search.get('c');
  return search.get('t') === 'forgot' && email && code ? { email, code } : null;
}

/** SPEC §2.4 forgot password in two steps; success goes to /signin with a notification. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const flow = useFlow('forgotPassword');
  const [reset, setReset] = useState(() => prefillFrom(search));

  useEffect(() => {
    document.title = `${t('routes.forgot-password')} · ${t('app.name')}`;
  }, [t]);

  const requestCode = async (email: string) => {
    if (await flow.run(() => forgotPassword({ email }))) setReset({ email, code: '' });
  };
  const resetPassword = async (values: ResetPasswordValues) => {
    if (!(await flow.run(() => confirmForgotPassword(values)))) return;
    notify(t('forgotPassword.success'));
    await navigate(pathTo('sign-in'), { replace: true });
  };

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" mt="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('forgotPassword.title')}
        </Title>
        <ForgotPasswordAlert errorKey={flow.errorKey} />
        {reset ? (
          <ForgotPasswordResetForm
            email={reset.email}
            code={reset.code}
            onSubmit={(values) => void resetPassword(values)}
            isLoading={flow.isLoading}
          />
        ) : (
          <ForgotPasswordRequestForm
            onSubmit={(email) => void requestCode(email)}
            isLoading={flow.isLoading}
          />
        )}
        <Anchor component={Link} to={pathTo('sign-in')} size="sm">
          {t('forgotPassword.back')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

import { Button, Divider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSocialSignIn, socialSignInUrl } from '../api/social-sign-in.ts';

/** SPEC §9: the social sign-in button's label is shortened when the window is under 330 px wide. */
const NARROW = '(max-width: 329.98px)';

/** The social-identity button and its divider, shown when the API has a provider configured. */
export function SocialSignIn({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW);
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let active = true;
    getSocialSignIn()
      .then((config) => active && setEnabled(config.enabled))
      // Without the configuration the button stays hidden: email and password still work.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (!enabled) return null;
  return (
    <>
      <Button component="a" href={socialSignInUrl(redirect)} variant="default">
        {t(narrow ? 'signIn.socialShort' : 'signIn.social')}
      </Button>
      <Divider label={t('signIn.or')} labelPosition="center" />
    </>
  );
}

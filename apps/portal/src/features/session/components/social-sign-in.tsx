import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getSocialSignIn, socialSignInUrl } from '../api/social-sign-in.ts';
import styles from './sign-in-page.module.css';

/** SPEC §9: the social sign-in button's label is shortened when the window is under 330 px wide. */
const NARROW = '(max-width: 329.98px)';

const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isNarrow = () => window.matchMedia(NARROW).matches;

/** The social-identity button and its divider, shown when the API has a provider configured. */
export function SocialSignIn({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation();
  const narrow = useSyncExternalStore(subscribeToWidth, isNarrow, () => false);
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
      <a href={socialSignInUrl(redirect)} className={`${styles.button} ${styles.default}`}>
        {t(narrow ? 'signIn.socialShort' : 'signIn.social')}
      </a>
      <div className={styles.divider}>{t('signIn.or')}</div>
    </>
  );
}

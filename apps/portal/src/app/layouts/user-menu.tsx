import {
  Avatar,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/session/use-sign-out.ts';
import { openCookieSettings, useCookieSettingsLabel } from '../../lib/consent/cookie-settings-menu.ts';
import { personName } from '../../lib/format/person-name.ts';
import type { SessionUser } from '../../lib/session/session-store.ts';
import { resetAppState } from './use-app-state.ts';

// The two dialogs of the menu load when the menu first opens, not with the signed-in layout: with their forms they
// brought zod and react-hook-form into the chunk every signed-in screen loads first (issue 16 §2).
const loadTwoFactorSettings = () => import('../../features/session/components/two-factor-settings.tsx');
const loadSessionsList = () => import('../../features/session/components/sessions-list.tsx');
const TwoFactorSettings = lazy(() => loadTwoFactorSettings().then((m) => ({ default: m.TwoFactorSettings })));
const SessionsList = lazy(() => loadSessionsList().then((m) => ({ default: m.SessionsList })));
const preloadDialogs = () => {
  void loadTwoFactorSettings().catch(() => undefined);
  void loadSessionsList().catch(() => undefined);
};

const initialsOf = (user: SessionUser) =>
  ([user.firstName?.[0], user.lastName?.[0]].filter(Boolean).join('') || user.email[0] || '?').toUpperCase();

function MoonIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

/**
 * The account menu at the right of the header: who is signed in (name, e-mail), the light/dark switch (the system's
 * scheme until the user picks one; Mantine remembers the choice in localStorage) and sign-out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const signOut = useSignOut(resetAppState);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const name = personName(user);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the modal's transition.
  const [twoFactorUsed, setTwoFactorUsed] = useState(false);
  const [sessionsUsed, setSessionsUsed] = useState(false);
  const cookieSettings = useCookieSettingsLabel();
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal onOpen={preloadDialogs}>
        <Menu.Target>
          {/* Named by its hidden text, not aria-label: the initials are decoration, so the name need not contain
              them (axe label-content-name-mismatch). */}
          <UnstyledButton style={{ borderRadius: '50%' }}>
            <Avatar color="indigo" radius="xl" size={36} aria-hidden>
              {initialsOf(user)}
            </Avatar>
            <VisuallyHidden>{t('ui.shell.userMenu')}</VisuallyHidden>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={0} px="sm" py="xs">
            <Text fw={600} size="sm" truncate="end">
              {name}
            </Text>
            <Text c="dimmed" size="xs" truncate="end">
              {user.email}
            </Text>
          </Stack>
          <Menu.Divider />
          <Menu.Item
            leftSection={scheme === 'dark' ? <SunIcon /> : <MoonIcon />}
            onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          >
            {scheme === 'dark' ? t('ui.shell.lightMode') : t('ui.shell.darkMode')}
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              setTwoFactorUsed(true);
              setTwoFactorOpen(true);
            }}
          >
            {t('twoFactor.menu')}
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              setSessionsUsed(true);
              setSessionsOpen(true);
            }}
          >
            {t('sessions.menu')}
          </Menu.Item>
          {cookieSettings && <Menu.Item onClick={openCookieSettings}>{cookieSettings}</Menu.Item>}
          <Menu.Divider />
          <Menu.Item onClick={() => void signOut()}>{t('session.signOut')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {twoFactorUsed && (
          <TwoFactorSettings opened={twoFactorOpen} onClose={() => setTwoFactorOpen(false)} />
        )}
        {sessionsUsed && <SessionsList opened={sessionsOpen} onClose={() => setSessionsOpen(false)} />}
      </Suspense>
    </>
  );
}

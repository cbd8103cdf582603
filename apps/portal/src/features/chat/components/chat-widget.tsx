import { Affix, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  type ChatAdapter,
  type ChatUser,
  chatPlacement,
  setActiveChat,
} from '../../../lib/chat/chat-port.ts';
import { isStaffUser, sessionStore } from '../../../lib/session/session-store.ts';
import { type ChatIdentity, useChatIdentity } from '../api/chat-identity.ts';

// The contact form (with zod and react-hook-form) loads when the panel is about to open, not with the signed-in
// layout every screen loads first (issue 16 §2).
const loadSupportContactForm = () => import('./support-contact-form.tsx');
const SupportContactForm = lazy(() =>
  loadSupportContactForm().then((m) => ({ default: m.SupportContactForm })),
);
const preloadSupportContactForm = () => void loadSupportContactForm().catch(() => undefined);

interface ChatWidgetProps {
  user: { id: string; email: string; firstName: string | null; lastName: string | null } | null;
  merchant: { merchantId: string; legalEntityName?: string } | null;
}

function chatUserOf(
  identity: ChatIdentity,
  user: NonNullable<ChatWidgetProps['user']>,
  merchant: ChatWidgetProps['merchant'],
): ChatUser {
  return {
    userId: identity.userId,
    userHash: identity.userHash,
    email: user.email,
    name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
    merchantId: merchant?.merchantId ?? null,
    merchantName: merchant?.legalEntityName ?? null,
  };
}

/** Intercom, loaded only when the API names an app id and only for a signed-in user. */
function IntercomChat({
  identity,
  chatUser,
  placement,
}: {
  identity: ChatIdentity;
  chatUser: ChatUser;
  placement: ReturnType<typeof chatPlacement>;
}) {
  const [adapter, setAdapter] = useState<ChatAdapter | null>(null);
  const appId = identity.appId ?? '';
  // Boot once per user with the placement of that moment; later placement changes go through update() below.
  const placementRef = useRef(placement);
  placementRef.current = placement;
  useEffect(() => {
    let cancelled = false;
    let booted: ChatAdapter | null = null;
    void import('../intercom-adapter.ts').then(({ createIntercomAdapter }) => {
      if (cancelled) return;
      booted = createIntercomAdapter(appId);
      booted.boot(chatUser, placementRef.current);
      setActiveChat(booted);
      setAdapter(booted);
    });
    return () => {
      cancelled = true;
      booted?.shutdown();
      setActiveChat(null);
    };
  }, [appId, chatUser]);
  useEffect(() => {
    adapter?.update(placement);
  }, [adapter, placement]);
  return null;
}

/** The embedded default: a launcher and a help panel of our own (no vendor, nothing leaves the portal). */
function HelpPanelChat({
  chatUser,
  placement,
}: {
  chatUser: ChatUser;
  placement: ReturnType<typeof chatPlacement>;
}) {
  // Staff look at companies they do not belong to: the API takes only a member's own company.
  const aboutMerchant =
    chatUser.merchantId && !isStaffUser(sessionStore.get()?.user)
      ? { merchantId: chatUser.merchantId, legalEntityName: chatUser.merchantName ?? '' }
      : null;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    setActiveChat({ boot: () => {}, update: () => {}, shutdown: () => setOpen(false) });
    return () => setActiveChat(null);
  }, []);
  return (
    <Affix position={{ bottom: placement.verticalPadding, right: 20 }} zIndex={190}>
      {open ? (
        <Paper
          withBorder
          shadow="md"
          p="md"
          radius="md"
          w={340}
          maw="calc(100vw - 40px)"
          mah={`calc(100dvh - ${placement.verticalPadding + 20}px)`}
          style={{ overflowY: 'auto' }}
          role="dialog"
          aria-labelledby="chat-help-title"
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h4" id="chat-help-title">
                {t('chat.title')}
              </Title>
              <CloseButton aria-label={t('chat.close')} onClick={() => setOpen(false)} />
            </Group>
            <Text size="sm">{t('chat.greeting', { name: chatUser.name || chatUser.email })}</Text>
            <Text size="sm">{t('chat.reference')}</Text>
            <Text size="sm" ff="monospace" data-testid="chat-reference">
              {chatUser.userHash.slice(0, 12)}
            </Text>
            <Suspense fallback={null}>
              <SupportContactForm email={chatUser.email} merchant={aboutMerchant} />
            </Suspense>
          </Stack>
        </Paper>
      ) : (
        <Button
          radius="xl"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadSupportContactForm}
          onFocus={preloadSupportContactForm}
          aria-haspopup="dialog"
          data-testid="chat-launcher"
        >
          {t('chat.launcher')}
        </Button>
      )}
    </Affix>
  );
}

/**
 * The window's width where the placement depends on it (/join, chatPlacement), else 0. Read only there: reading
 * `window.innerWidth` in the effect after the signed-in layout's first commit forced the browser to lay the whole
 * new page out inside React's task (Mantine's useViewportSize; a quarter of the home's longest task, issue 16 §2).
 */
function useWindowWidth(needed: boolean): number {
  const [width, setWidth] = useState(() => (needed && typeof window !== 'undefined' ? window.innerWidth : 0));
  useEffect(() => {
    if (!needed) return;
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update, { passive: true });
    window.addEventListener('orientationchange', update, { passive: true });
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, [needed]);
  return needed ? width : 0;
}

/**
 * The customer-chat widget for the signed-in merchant user (issue 14 §4, SPEC §9 placement). The chat is part of
 * the signed-in service (DESIGN §Consent: necessary), so it does not wait for analytics consent.
 */
export function ChatWidget({ user, merchant }: ChatWidgetProps) {
  const identity = useChatIdentity(user?.id ?? '');
  const { pathname } = useLocation();
  const width = useWindowWidth(pathname === '/join' || pathname.startsWith('/join/'));
  const placement = useMemo(() => chatPlacement(pathname, width), [pathname, width]);
  const chatUser = useMemo(
    () => (identity.data && user ? chatUserOf(identity.data, user, merchant) : null),
    [identity.data, user, merchant],
  );
  if (!user || !identity.data || !chatUser) return null;
  if (identity.data.provider === 'intercom' && identity.data.appId) {
    return <IntercomChat identity={identity.data} chatUser={chatUser} placement={placement} />;
  }
  if (placement.hidden) return null;
  return <HelpPanelChat chatUser={chatUser} placement={placement} />;
}

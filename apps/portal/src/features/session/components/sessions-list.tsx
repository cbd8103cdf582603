import { Badge, Button, Divider, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { formatDate } from '../../../lib/format/dates.ts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/notifications/notify.ts';
import {
  activityQueryKey,
  endOtherSessions,
  endSession,
  listSecurityActivity,
  listSessions,
  type SecurityEvent,
  sessionsQueryKey,
  type UserSession,
} from '../api/sessions.ts';
import { useFlow } from '../use-flow.ts';
import { FlowAlert } from './flow-alert.tsx';

/**
 * Issue 15: "Your sessions" from the user menu. Every open session of the signed-in user with its browser and
 * device (from the user agent), its IP (no geo database is shipped), first and last seen; the current one is
 * marked. End any other one, or all others at once; their access tokens stop working within a minute.
 */
export function SessionsList({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: listSessions, enabled: opened });
  const activity = useQuery({ queryKey: activityQueryKey, queryFn: listSecurityActivity, enabled: opened });
  const flow = useFlow('sessions');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const when = (value: string) => formatDate(value, currentLocale(), zone, 'dateTime');

  const nameOf = (session: Pick<UserSession, 'browser' | 'os'>) => {
    const browser = session.browser ?? t('sessions.unknownBrowser');
    return session.os ? t('sessions.browserOn', { browser, os: session.os }) : browser;
  };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
      queryClient.invalidateQueries({ queryKey: activityQueryKey }),
    ]);

  const endOne = async (id: string) => {
    if (!(await flow.run(() => endSession(id)))) return;
    notify(t('sessions.ended'));
    await refresh();
  };
  const endOthers = async () => {
    const result = await flow.run(() => endOtherSessions());
    if (!result) return;
    notify(t('sessions.othersEnded', { count: result.ended }));
    await refresh();
  };
  const close = () => {
    flow.reset();
    onClose();
  };

  let body: React.ReactNode;
  if (!sessions.data)
    body = sessions.isError ? <FlowAlert errorKey="errors.generic" /> : <LoadingIndicator size="sm" />;
  else {
    const others = sessions.data.filter((session) => !session.current);
    body = (
      <Stack gap="md">
        <Text size="sm">{t('sessions.intro')}</Text>
        <FlowAlert errorKey={flow.errorKey} />
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sessions.data.map((session) => (
            <Paper component="li" key={session.id} withBorder p="sm" radius="md" data-testid="session-row">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {nameOf(session)}
                  </Text>
                  {session.current ? (
                    <Badge color="green" variant="light">
                      {t('sessions.current')}
                    </Badge>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t(`sessions.device.${session.device}`)}
                    </Text>
                  )}
                </Group>
                {session.current && (
                  <Text size="xs" c="dimmed">
                    {t(`sessions.device.${session.device}`)}
                  </Text>
                )}
                <Text size="xs">
                  {session.ip ? t('sessions.ip', { ip: session.ip }) : t('sessions.ipUnknown')}
                </Text>
                <Text size="xs">{t('sessions.firstSeen', { date: when(session.firstSeenAt) })}</Text>
                <Text size="xs">{t('sessions.lastSeen', { date: when(session.lastSeenAt) })}</Text>
                {!session.current && (
                  <Group justify="flex-end">
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={flow.isLoading}
                      aria-label={t('sessions.endNamed', { name: nameOf(session) })}
                      onClick={() => void endOne(session.id)}
                    >
                      {t('sessions.end')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
        {others.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sessions.noOthers')}
          </Text>
        ) : (
          <Group justify="flex-end">
            <Button
              color="red"
              disabled={flow.isLoading}
              loading={flow.isLoading}
              onClick={() => void endOthers()}
            >
              {t('sessions.endOthers')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={t('sessions.title')} centered size="lg">
      {body}
      <Divider my="lg" />
      <SecurityActivity events={activity.data} failed={activity.isError} when={when} nameOf={nameOf} />
    </Modal>
  );
}

/** What the audit log recorded of the user's own password, sign-in factors and ended sessions, newest first. */
function SecurityActivity({
  events,
  failed,
  when,
  nameOf,
}: {
  events: SecurityEvent[] | undefined;
  failed: boolean;
  when: (value: string) => string;
  nameOf: (event: Pick<SecurityEvent, 'browser' | 'os'>) => string;
}) {
  const { t } = useTranslation();
  let list: React.ReactNode;
  if (!events) list = failed ? <FlowAlert errorKey="errors.generic" /> : <LoadingIndicator size="sm" />;
  else if (events.length === 0)
    list = (
      <Text size="sm" c="dimmed">
        {t('sessions.activityNone')}
      </Text>
    );
  else
    list = (
      <Stack
        gap="xs"
        component="ul"
        aria-label={t('sessions.activity')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {events.map((event) => (
          <li key={event.id}>
            <Text size="sm" fw={600}>
              {t(`access.audit.actions.${event.action.replaceAll('.', '_')}`, { defaultValue: event.action })}
            </Text>
            <Text size="xs" c="dimmed">
              {when(event.at)} ·{' '}
              {t('sessions.activityFrom', {
                browser: nameOf(event),
                ip: event.ip ?? t('sessions.ipUnknown'),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('sessions.activity')}
      </Title>
      <Text size="sm">{t('sessions.activityIntro')}</Text>
      {list}
    </Stack>
  );
}

import { ERROR_REPORTING_IGNORED, ERROR_REPORTING_SAMPLE_RATES } from '@mp/domain/constants';
import * as Sentry from '@sentry/node';
import type { ErrorReporter } from './error-reporter-port.ts';

type NodeOptions = Sentry.NodeOptions;

/**
 * What Sentry is told (issue 14 §5): SPEC §9's traces rate, SPEC §8's ignore list, and no personal data: no IP,
 * cookies, headers, body or query string; the user is `{ id }` alone.
 */
export function sentryNodeOptions(options: {
  dsn: string;
  environment: string;
  transport?: NodeOptions['transport'];
}): NodeOptions {
  return {
    dsn: options.dsn,
    environment: options.environment,
    // Nothing collected automatically about the person or the request (SDK 11's successor of sendDefaultPii).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    tracesSampleRate: ERROR_REPORTING_SAMPLE_RATES.traces,
    ignoreErrors: [...ERROR_REPORTING_IGNORED],
    // Errors are captured where the error model answers 5xx (plugins/errors.ts), not by instrumenting every
    // module: no OpenTelemetry set-up, no auto-instrumentation, only the integrations that shape an event
    // (eventFilters applies ignoreErrors).
    enableOpenTelemetrySetup: false,
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
    ],
    beforeSend: scrubEvent,
    beforeSendTransaction: scrubEvent,
    ...(options.transport ? { transport: options.transport } : {}),
  };
}

/** Drops whatever could identify a person other than the user id. */
export function scrubEvent<E extends Sentry.Event>(event: E): E {
  const id = event.user?.id;
  event.user = id === undefined ? undefined : { id };
  if (event.request) {
    const { method, url } = event.request;
    event.request = { method, url: url?.split('?')[0] };
  }
  delete event.server_name;
  return event;
}

export function createSentryReporter(options: Parameters<typeof sentryNodeOptions>[0]): ErrorReporter {
  Sentry.init(sentryNodeOptions(options));
  return {
    name: 'sentry',
    capture(error, context) {
      // The context travels with the event itself: no async scope to depend on.
      Sentry.captureException(error, {
        ...(context.userId ? { user: { id: context.userId } } : {}),
        tags: {
          request_id: context.requestId,
          ...(context.route ? { route: `${context.method} ${context.route}` } : {}),
        },
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}

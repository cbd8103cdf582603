import { ERROR_REPORTING_IGNORED, ERROR_REPORTING_SAMPLE_RATES } from '@mp/domain/constants';
import { errorReportingDataCollection, scrubErrorEvent } from '@mp/domain/error-reporting';
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
    dataCollection: errorReportingDataCollection(),
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
    beforeSend: scrubErrorEvent,
    beforeSendTransaction: scrubErrorEvent,
    ...(options.transport ? { transport: options.transport } : {}),
  };
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

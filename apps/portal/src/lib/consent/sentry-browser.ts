import { ERROR_REPORTING_IGNORED } from '@mp/domain/constants';
import { errorReportingDataCollection, scrubErrorEvent } from '@mp/domain/error-reporting';
import * as Sentry from '@sentry/react';

export interface ErrorReportingConfig {
  dsn: string;
  environment: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
}

/**
 * The portal's Sentry options (issue 14 §5): SPEC §9's sample rates (traces 100 %, session replays 10 %, replays
 * of sessions with an error 100 %), SPEC §8's ignore list, replays with every text and input masked, and no
 * personal data beyond the user id. `transport` is a test seam.
 */
export function sentryBrowserOptions(
  config: ErrorReportingConfig,
  transport?: Sentry.BrowserOptions['transport'],
): Sentry.BrowserOptions {
  return {
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    ignoreErrors: [...ERROR_REPORTING_IGNORED],
    dataCollection: errorReportingDataCollection(),
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend: scrubErrorEvent,
    beforeSendTransaction: scrubErrorEvent,
    ...(transport ? { transport } : {}),
  };
}

export interface ErrorReporting {
  setUser(userId: string | null): void;
  stop(): Promise<void>;
}

/** Started after analytics consent when the API names a portal DSN (docs/decisions/0082). */
export function startSentry(
  config: ErrorReportingConfig,
  transport?: Sentry.BrowserOptions['transport'],
): ErrorReporting {
  Sentry.init(sentryBrowserOptions(config, transport));
  return {
    setUser(userId) {
      Sentry.setUser(userId ? { id: userId } : null);
    },
    async stop() {
      await Sentry.close(2000);
      sessionStorage.removeItem('sentryReplaySession');
    },
  };
}

/**
 * The error-reporting port (issue 14 §5, DESIGN §1): off by default; Sentry (`@sentry/node`) when SENTRY_DSN is
 * set. Only server errors (5xx) are reported, with no personal data beyond the user id (SPEC §4, DESIGN §4).
 */
export interface ErrorContext {
  userId: string | null;
  requestId: string;
  /** The route pattern (`/api/v1/merchants/:id`), never the URL with its values. */
  route: string | undefined;
  method: string;
}

export interface ErrorReporter {
  readonly name: 'off' | 'sentry';
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is queued (at shutdown). */
  flush(timeoutMs: number): Promise<void>;
}

export const errorReportingOff: ErrorReporter = {
  name: 'off',
  capture: () => {},
  flush: async () => {},
};

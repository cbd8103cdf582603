// Issue 14 §5: what the API's and the portal's error reporting (Sentry) may collect, written once for both.
// The sample rates and SPEC §8's ignore list are in constants.ts.

/**
 * Nothing collected automatically about the person or the request (Sentry SDK 11's `dataCollection`, the
 * successor of sendDefaultPii): no IP or user details, cookies, headers, bodies or query strings.
 */
export function errorReportingDataCollection() {
  return {
    userInfo: false,
    cookies: false,
    httpHeaders: false,
    httpBodies: [] as never[],
    urlQueryParams: false,
  };
}

interface ReportedEvent {
  user?: { id?: string | number | undefined } | undefined;
  request?: { method?: string | undefined; url?: string | undefined } | undefined;
  server_name?: string | undefined;
}

/**
 * Drops whatever could identify a person other than the user id: the user is `{ id }` alone, a request keeps
 * its method and its URL without query or fragment (they may carry e-mail addresses or codes), no host name.
 */
export function scrubErrorEvent<E extends ReportedEvent>(event: E): E {
  const id = event.user?.id;
  event.user = id === undefined ? undefined : { id };
  if (event.request) {
    const { method, url } = event.request;
    event.request = { ...(method ? { method } : {}), url: url?.split(/[?#]/)[0] };
  }
  delete event.server_name;
  return event;
}

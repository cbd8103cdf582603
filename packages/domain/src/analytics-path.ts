/**
 * Analytics paths (docs/decisions/0082): the portal's own paths carry only UUIDs and words, but an unknown path
 * (the catch-all route) is whatever was typed or linked. A segment holding an e-mail address or a card number
 * (13 to 19 digits, with spaces, dots, dashes or underscores between them allowed), as typed or percent-encoded,
 * is personal or card data: the API refuses it and the portal sends `-` in its place.
 */
const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function segmentHoldsPersonalData(raw: string): boolean {
  let segment = raw;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: judged as it stands.
  }
  if (segment.includes('@')) return true;
  if (UUID_SEGMENT.test(segment)) return false;
  return (segment.replace(/[\s._-]/g, '').match(/\d+/g) ?? []).some(
    (run) => run.length >= 13 && run.length <= 19,
  );
}

export function pathHoldsPersonalData(path: string): boolean {
  return path.split('/').some(segmentHoldsPersonalData);
}

/** The path with each segment that holds an e-mail address or a card number replaced by `-`. */
export function redactAnalyticsPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segmentHoldsPersonalData(segment) ? '-' : segment))
    .join('/');
}

/** One value that an audited action changed: its dotted path in the entry's before/after, and both values. */
export interface AuditChange {
  path: string;
  before: string;
  after: string;
}

type Leaves = Map<string, string>;

/** Every leaf of `value` by dotted path (arrays compared whole); absent values read as "—". */
function leavesOf(value: unknown, path: string, into: Leaves): Leaves {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leavesOf(child, path ? `${path}.${key}` : key, into);
  } else {
    into.set(path, value === undefined ? '—' : JSON.stringify(value));
  }
  return into;
}

/**
 * The fields an audit entry recorded on its one side (a site created, an invitation), nested objects flattened
 * (`address.city`), arrays whole: the values themselves, not JSON.
 */
export function auditLeaves(value: unknown): Array<{ path: string; value: unknown }> {
  return [...leavesOf(value, '', new Map())].map(([path, json]) => ({
    path,
    value: json === '—' ? undefined : JSON.parse(json),
  }));
}

/**
 * What an audit entry changed, field by field (before → after), in the order the "after" side lists them.
 * Empty when either side is missing: such entries (a search, a request) are shown as they are.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (before === null || before === undefined || after === null || after === undefined) return [];
  const was = leavesOf(before, '', new Map());
  const now = leavesOf(after, '', new Map());
  const paths = [...new Set([...now.keys(), ...was.keys()])];
  return paths
    .map((path) => ({ path, before: was.get(path) ?? '—', after: now.get(path) ?? '—' }))
    .filter((change) => change.before !== change.after);
}

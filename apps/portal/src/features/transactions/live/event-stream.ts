/** One server-sent event (the fields this portal reads). */
export interface ServerEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Parses the complete events at the start of `buffer` (text/event-stream, WHATWG HTML §9.2): blocks end with a
 * blank line; `:` lines are comments (heartbeats); several `data` lines join with newlines. Answers the events
 * and the incomplete rest, to be prefixed to the next chunk.
 */
export function parseEventStream(buffer: string): { events: ServerEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const events: ServerEvent[] = [];
  let start = 0;
  let end = normalised.indexOf('\n\n', start);
  while (end >= 0) {
    const block = normalised.slice(start, end);
    start = end + 2;
    end = normalised.indexOf('\n\n', start);
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ id, event, data: data.join('\n') });
  }
  return { events, rest: normalised.slice(start) };
}

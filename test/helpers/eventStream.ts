import { eventually } from './eventually';
import type { HttpClient } from './httpClient';

/** A Server-Sent Event as GET /api/events sends it (docs/live-updates.md). */
export interface Event { event: string; id?: string; data: Record<string, unknown> }

/** An open event stream of `client` on `url`, its events collected as they come. */
export async function openEventStream(client: HttpClient, url: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { signal: controller.signal,
    headers: { cookie: client.cookieHeader, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
  const events: Event[] = [];
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          if (field('event')) events.push({ event: field('event')!, id: field('id'), data: JSON.parse(field('data') ?? '{}') });
        }
      }
    } catch {
      // Aborted.
    }
  })();
  /** The first event meeting `match`, waiting up to 5 s. */
  const waitFor = (match: (e: Event) => boolean) => eventually(() => {
    const found = events.find(match);
    if (!found) throw new Error(`no such event among ${JSON.stringify(events)}`);
    return found;
  }, 5_000);
  return { res, events, waitFor, ended, close: () => controller.abort() };
}

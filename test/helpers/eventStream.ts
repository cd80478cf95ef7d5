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
  const waitFor = async (match: (e: Event) => boolean) => {
    for (let waited = 0; waited < 5_000; waited += 20) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no such event among ${JSON.stringify(events)}`);
  };
  return { res, events, waitFor, ended, close: () => controller.abort() };
}

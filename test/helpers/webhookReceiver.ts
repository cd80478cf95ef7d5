import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { headers: IncomingHttpHeaders; body: string; json: { id: string; type: string; createdAt: string; data: any } }

/** How the receiver answers the next request: a status, or no answer at all until it is closed. */
export type Answering = number | 'hang';

/**
 * A real HTTP receiver of webhooks on 127.0.0.1, as a customer's system would run one: it keeps
 * every request it got and answers as the test says (200 unless told).
 */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The types of the events received, in order. */
  types: () => string[];
  answer: (answering: Answering) => void;
  /** How many requests it holds unanswered ('hang'). */
  held: () => number;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let answering: Answering = 200;
  let held = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (answering === 'hang') {
        held += 1;
        return;
      }
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      response.writeHead(answering, { 'content-type': 'text/plain' }).end(answering < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    types: () => received.map((entry) => entry.json.type),
    answer: (next) => { answering = next; },
    held: () => held,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

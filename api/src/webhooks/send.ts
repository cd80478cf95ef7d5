import http from 'node:http';
import https from 'node:https';
import type { Config } from '../foundation/config';
import { guardedLookup, hostOf, isAllowedHost, literalRefusal } from './addresses';

/** Of a receiver's answer, this much is kept in the delivery log (a failure's reason). */
const ANSWER_KEPT = 500;

/** Connections are kept between deliveries: a webhook's events go one after another, in order. */
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 8 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 8 }) };

export interface Sent {
  /** The receiver's status; none when there was no answer (refused, unreachable, timed out). */
  status?: number;
  durationMs: number;
  /** Why it is not delivered: the answer's status and start, or what went wrong. */
  error?: string;
}

/**
 * POSTs `body` to `url` once: 2xx within the time allowed (WEBHOOK_TIMEOUT_MS, 10 s by default,
 * the answer's body too) is delivered, anything else (a redirect too: none is followed) is a
 * failure. The host's addresses are checked at this send (addresses.ts) unless it is allowed.
 */
export function send(url: string, headers: Record<string, string>, body: string,
  { webhookAllowedHosts: allowedHosts, webhookTimeoutMs: timeoutMs }: Pick<Config, 'webhookAllowedHosts' | 'webhookTimeoutMs'>): Promise<Sent> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const refused = literalRefusal(target, allowedHosts);
  if (refused) return Promise.resolve({ durationMs: 0, error: refused.message });
  const client = target.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<Sent>((resolve) => {
    const request = client.request(target, {
      method: 'POST',
      agent: agents[target.protocol as keyof typeof agents],
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      signal,
      ...(isAllowedHost(hostOf(target), allowedHosts) ? {} : { lookup: guardedLookup }),
    }, (response) => {
      const status = response.statusCode ?? 0;
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { if (answer.length < ANSWER_KEPT) answer += chunk; });
      response.on('error', () => resolve({ status, durationMs: took(), error: signal.aborted ? 'timeout: answer not ended in time' : 'answer_interrupted' }));
      response.on('end', () => {
        const ok = status >= 200 && status < 300;
        resolve({ status, durationMs: took(), ...(ok ? {} : { error: `HTTP ${status}${answer ? `: ${answer.slice(0, ANSWER_KEPT)}` : ''}` }) });
      });
    });
    // The whole exchange, answer included, within the limit: the signal ends it with an 'error'.
    request.on('error', (err) => resolve({ durationMs: took(),
      error: signal.aborted ? `timeout: no answer within ${timeoutMs} ms` : err.message.slice(0, ANSWER_KEPT) }));
    request.end(body);
  });
}

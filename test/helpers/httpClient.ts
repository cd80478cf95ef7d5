import type { Role } from '@kernel/users/roles';
import { DEMO_PASSWORD } from '../../seeds/demo';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client for one user: keeps its cookies, speaks JSON (or sends a FormData as multipart). */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string, private readonly defaultHeaders: Record<string, string> = {}) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...this.defaultHeaders, ...headers }, redirect: 'manual' };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = this.cookieHeader;
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body; // fetch writes a FormData's multipart Content-Type with its boundary
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    // An event stream never ends by itself: its answer is its status and headers.
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, body: undefined as T, headers: res.headers };
    }
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string) { return this.request<T>('GET', path); }
  post<T = any>(path: string, body?: unknown) { return this.request<T>('POST', path, body); }
  put<T = any>(path: string, body?: unknown) { return this.request<T>('PUT', path, body); }
  delete<T = any>(path: string) { return this.request<T>('DELETE', path); }

  /** POSTs a new record and answers it; anything but 201 fails the test that needed it. */
  async create<T extends { id: number } = { id: number } & Record<string, any>>(path: string, body: object): Promise<T> {
    const answer = await this.post<T>(path, body);
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async login(username: string, password = DEMO_PASSWORD) {
    const answer = await this.post('/api/login', { username, password });
    if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  }
}

/** A client already signed in as the demo user of a role. */
export async function signedInAs(baseUrl: string, role: Role): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  await client.login(role);
  return client;
}

/** A client of a customer's system: every request carries the API token, and no cookie is kept between them. */
export const tokenClient = (baseUrl: string, secret: string): HttpClient => new HttpClient(baseUrl, { authorization: `Bearer ${secret}` });

/** A new API token acting as user `userId`, made by `admin` (who holds the integrations page): its secret. */
export async function newToken(admin: HttpClient, userId: number, name = `token ${Math.random().toString(36).slice(2, 10)}`): Promise<string> {
  const { secret } = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name, userId });
  return secret;
}

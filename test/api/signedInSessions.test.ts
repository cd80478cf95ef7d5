import { openEventStream } from '../helpers/eventStream';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';

// Where you're signed in (DESIGN §16): one's own sessions, listed and ended one by one; an
// administrator's view of the accounts they manage. An ended session is refused at once, and its
// live stream ends (the tab then signs out).
const { app, admin } = useSignedInApp({ admin: 'admin' });

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1';

/** The role's user signed in from a browser saying `userAgent`. */
async function browser(role: string, userAgent: string) {
  const client = new HttpClient(app.url, { 'user-agent': userAgent });
  await client.login(role);
  return client;
}

describe('where one is signed in', () => {
  it('lists each live session with its browser, address, sign-in and last use, this one marked, never the session ids', async () => {
    const desk = await browser('team_leader', 'Desk browser/1.0');
    const phone = await browser('team_leader', PHONE);
    const { status, body } = await desk.get('/api/sessions');
    expect(status).toBe(200);
    expect(body.map((s: { userAgent: string; current: boolean }) => [s.userAgent, s.current]).sort())
      .toEqual([['Desk browser/1.0', true], [PHONE, false]]);
    for (const session of body) {
      expect(session).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), ip: '127.0.0.1' });
      expect(Math.abs(Date.parse(session.lastSeenAt) - Date.now())).toBeLessThan(2 * 60_000);
      expect(Date.parse(session.signedInAt)).toBeLessThanOrEqual(Date.now());
    }
    const ids = (await app.db('sessions').where({ userId: (await desk.get('/api/user')).body.id }).pluck('id')) as string[];
    for (const id of ids) expect(JSON.stringify(body)).not.toContain(id);
    expect((await phone.get('/api/sessions')).body.find((s: { current: boolean }) => s.current).userAgent).toBe(PHONE);
  });

  it('ends another of one\'s sessions at once: its requests are refused and its live stream ends; logged', async () => {
    const desk = await browser('biller', 'Desk browser/2.0');
    const phone = await browser('biller', PHONE);
    const stream = await openEventStream(phone, app.url);
    expect(stream.res.status).toBe(200);
    const other = (await desk.get('/api/sessions')).body.find((s: { current: boolean }) => !s.current);
    const ended = await desk.delete(`/api/sessions/${other.id}`);
    expect(ended.status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    await stream.ended;
    expect((await desk.get('/api/user')).status).toBe(200);
    expect((await desk.get('/api/sessions')).body).toHaveLength(1);
    const userId = (await desk.get('/api/user')).body.id;
    expect((await app.db('activityLogs').where({ action: 'end_session', entityId: String(userId) }).first('changes')).changes)
      .toEqual({ sessionsEnded: 1, ip: '127.0.0.1', userAgent: PHONE });
    // Gone already, or unknown: 404.
    expect((await desk.delete(`/api/sessions/${other.id}`)).status).toBe(404);
    expect((await desk.delete('/api/sessions/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // Not a session's name at all: 400 naming the parameter.
    const malformed = await desk.delete('/api/sessions/not-a-session');
    expect([malformed.status, malformed.body.fields?.id?.code]).toEqual([400, 'invalid_format']);
  });

  it('ends one\'s own current session as a sign-out, and never another person\'s through one\'s own list', async () => {
    const mine = await browser('regional_dispatcher', 'Mine/1.0');
    const theirs = await browser('manager', 'Theirs/1.0');
    const theirId = (await theirs.get('/api/sessions')).body[0].id;
    expect((await mine.delete(`/api/sessions/${theirId}`)).status).toBe(404);
    expect((await theirs.get('/api/user')).status).toBe(200);
    const own = (await mine.get('/api/sessions')).body.find((s: { current: boolean }) => s.current).id;
    expect((await mine.delete(`/api/sessions/${own}`)).status).toBe(200);
    expect((await mine.get('/api/user')).status).toBe(401);
  });
});

describe('an administrator', () => {
  it('sees and ends the sessions of the accounts they manage; a manager may not see an administrator\'s', async () => {
    const dispatcher = await browser('regional_dispatcher', 'Dispatch desk/3.0');
    const dispatcherId = (await dispatcher.get('/api/user')).body.id;
    const listed = await admin.get(`/api/users/${dispatcherId}/sessions`);
    expect(listed.status).toBe(200);
    const session = listed.body.find((s: { userAgent: string }) => s.userAgent === 'Dispatch desk/3.0');
    expect(session.current).toBe(false);
    expect((await admin.delete(`/api/users/${dispatcherId}/sessions/${session.id}`)).status).toBe(200);
    expect((await dispatcher.get('/api/user')).status).toBe(401);
    expect(await app.db('activityLogs').where({ action: 'end_session', entityId: String(dispatcherId), username: 'admin' })
      .first('changes')).toEqual({ changes: { sessionsEnded: 1, ip: '127.0.0.1', userAgent: 'Dispatch desk/3.0' } });

    const manager = await signedInAs(app.url, 'manager');
    const adminId = (await admin.get('/api/user')).body.id;
    expect((await manager.get(`/api/users/${adminId}/sessions`)).body.code).toBe('manage_denied');
    const leader = await signedInAs(app.url, 'team_leader');
    expect((await leader.get(`/api/users/${dispatcherId}/sessions`)).status).toBe(403);
    expect((await new HttpClient(app.url).get('/api/sessions')).status).toBe(401);
  });
});

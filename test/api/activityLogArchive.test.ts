import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { archiveActivityLog, archiveCutoff, monthName } from '../../api/src/activity/logArchive';

// The activity log's retention (docs/operations.md#archiving-the-activity-log): old months to files, admins download them.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-archive-'));
const { app, admin, director, leader } = useSignedInApp({ admin: 'admin', director: 'director', leader: 'team_leader' },
  { env: { LOG_ARCHIVE_DIR: dir } });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Row = Record<string, unknown>;

const before = archiveCutoff(24);
/** The last instant of the month before the cutoff: archived; the cutoff itself: kept. */
const lastArchived = new Date(before.getTime() - 1);
const actions = { whole: randomUUID(), split: randomUUID(), may: randomUUID() };
/** The months of the rows below before the cutoff, oldest first. */
const months = ['2001-03', '2001-05', monthName(lastArchived)];

/** Every row of the log logged before `until`, each as the database writes it as JSON (as the files hold them). */
const rowsBefore = async (until: Date): Promise<Row[]> => (await app.db.raw(
  'select to_jsonb(l) as row from activity_logs l where at < ? order by id', [until])).rows.map((r: { row: Row }) => r.row);

/** The rows of an archive file, each line parsed. */
const linesOf = (gzipped: Buffer): Row[] => gunzipSync(gzipped).toString('utf8').split('\n').filter(Boolean)
  .map((line) => JSON.parse(line));

const fileOf = (month: string) => path.join(dir, `activity-logs-${month}.jsonl.gz`);

const download = (client: HttpClient, file: string) =>
  fetch(`${app.url}/api/activity-logs/archives/${file}`, { headers: { cookie: client.cookieHeader } });

beforeAll(async () => {
  const row = (at: Date, actionId: string | null, entityId: string) =>
    ({ at, actionId, action: 'update', entityType: 'supplier', entityId, username: 'archived', changes: { name: { before: 'A', after: 'B' } } });
  await app.db('activityLogs').insert([
    row(new Date(2001, 2, 1), actions.whole, 'march-first'),
    row(new Date(2001, 2, 31, 23, 59, 59, 999), actions.whole, 'march-last'),
    row(new Date(2001, 2, 15), actions.split, 'split-old'),
    row(new Date(2001, 4, 1), actions.may, 'may'),
    row(lastArchived, null, 'last-archived'),
    row(before, actions.split, 'split-kept'),
  ]);
});

describe('npm run db:archive-logs (archiveActivityLog)', () => {

  it('writes each whole month before the cutoff to a file of exactly its rows, deletes them and keeps the rest', async () => {
    const old = await rowsBefore(before);
    const kept = Number((await app.db('activityLogs').where('at', '>=', before).count({ n: '*' }).first())!.n);
    const told: string[] = [];
    const archived = await archiveActivityLog(app.db, dir, before, (month) => told.push(month.month));

    expect(archived.map(({ month, rows, file }) => ({ month, rows, file }))).toEqual([
      { month: '2001-03', rows: 3, file: fileOf('2001-03') }, { month: '2001-05', rows: 1, file: fileOf('2001-05') },
      { month: months[2], rows: 1, file: fileOf(months[2]) }]);
    expect(told).toEqual(months);
    const inFiles = months.flatMap((month) => linesOf(fs.readFileSync(fileOf(month))));
    expect(inFiles).toEqual(old);
    for (const month of archived) expect(month.bytes).toBe(fs.statSync(month.file).size);

    expect(await rowsBefore(before)).toEqual([]);
    expect(Number((await app.db('activityLogs').where('at', '>=', before).count({ n: '*' }).first())!.n)).toBe(kept);
    expect(fs.readdirSync(dir).sort()).toEqual(months.map((month) => `activity-logs-${month}.jsonl.gz`).sort());
  });

  it('deletes the actions with no row left, and keeps an action with a row still online', async () => {
    const left = await app.db('activityActions').whereIn('actionId', Object.values(actions)).select('actionId', 'size');
    expect(left).toEqual([{ actionId: actions.split, size: 2 }]);
  });

  it('archives nothing more when run again, and overwrites nothing', async () => {
    const files = () => Object.fromEntries(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name)).toString('base64')]));
    const first = files();
    expect(await archiveActivityLog(app.db, dir, before)).toEqual([]);
    expect(files()).toEqual(first);
  });

  it("refuses a month whose file exists, writing and deleting nothing, until the operator sets the file aside as a part", async () => {
    await app.db('activityLogs').insert({ at: new Date(2001, 2, 20), action: 'update', username: 'restored' });
    const march = fs.readFileSync(fileOf('2001-03'));
    await expect(archiveActivityLog(app.db, dir, before)).rejects.toThrow(/activity-logs-2001-03\.jsonl\.gz exists already, and the database holds 1 rows of 2001-03/);
    expect(fs.readFileSync(fileOf('2001-03'))).toEqual(march);
    expect((await rowsBefore(before)).map((row) => row.username)).toEqual(['restored']);

    fs.renameSync(fileOf('2001-03'), path.join(dir, 'activity-logs-2001-03.part1.jsonl.gz'));
    expect((await archiveActivityLog(app.db, dir, before)).map(({ month, rows }) => ({ month, rows }))).toEqual([{ month: '2001-03', rows: 1 }]);
    expect(linesOf(fs.readFileSync(fileOf('2001-03'))).map((row) => row.username)).toEqual(['restored']);
    expect(fs.readdirSync(dir).filter((name) => name.includes('.partial'))).toEqual([]);
  });
});

describe('GET /api/activity-logs/archives[/:file]', () => {
  it('lists the files to an admin, newest month first, with their month, rows and size', async () => {
    const res = await admin.get('/api/activity-logs/archives');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { file: `activity-logs-${months[2]}.jsonl.gz`, month: months[2], rows: 1, bytes: fs.statSync(fileOf(months[2])).size },
      { file: 'activity-logs-2001-05.jsonl.gz', month: '2001-05', rows: 1, bytes: fs.statSync(fileOf('2001-05')).size },
      { file: 'activity-logs-2001-03.jsonl.gz', month: '2001-03', rows: 1, bytes: expect.any(Number) },
      { file: 'activity-logs-2001-03.part1.jsonl.gz', month: '2001-03', rows: 3, bytes: expect.any(Number) },
    ]);
  });

  it('downloads a file to an admin as an attachment, its rows gzipped', async () => {
    const res = await download(admin, 'activity-logs-2001-03.part1.jsonl.gz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="activity-logs-2001-03.part1.jsonl.gz"');
    const rows = linesOf(Buffer.from(await res.arrayBuffer()));
    expect(rows.map((row) => row.entity_id)).toEqual(['march-first', 'march-last', 'split-old']);
    expect(rows[0]).toMatchObject({ action: 'update', entity_type: 'supplier', username: 'archived', action_id: actions.whole,
      changes: { name: { before: 'A', after: 'B' } } });
  });

  it('refuses a director, who reads the log but is no admin, and a team leader, who does not read it', async () => {
    for (const path of ['/api/activity-logs/archives', '/api/activity-logs/archives/activity-logs-2001-05.jsonl.gz']) {
      expect(await director.get(path)).toMatchObject({ status: 403, body: { code: 'role_denied' } });
      expect(await leader.get(path)).toMatchObject({ status: 403, body: { code: 'page_denied' } });
    }
  });

  it.each(['..%2F..%2Fpackage.json', 'activity-logs-2001-13.jsonl.gz', 'activity-logs-2001-03.jsonl', 'notes.txt',
    `activity-logs-2001-03.jsonl.gz.${process.pid}.partial`, 'activity-logs-2001-03.part0.jsonl.gz'])('refuses the name %s with 400 naming file', async (name) => {
    const res = await admin.get(`/api/activity-logs/archives/${name}`);
    expect(res).toMatchObject({ status: 400, body: { code: 'invalid_input', fields: { file: { code: 'invalid_format' } } } });
  });

  it('answers 404 for a name of no file', async () => {
    const res = await admin.get('/api/activity-logs/archives/activity-logs-1999-01.jsonl.gz');
    expect(res).toMatchObject({ status: 404, body: { code: 'not_found', params: { entity: 'activity_log_archive' } } });
  });
});

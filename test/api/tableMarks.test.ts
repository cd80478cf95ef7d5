import { changedTables, tableMarks } from '../helpers/tableMarks';
import { startTestApp, type TestApp } from '../helpers/testApp';

/**
 * The fuzz and role-matrix files take "the tables' marks are as they were" for "the request changed
 * nothing": each kind of committed write must change its table's mark, and nothing else may.
 */
let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app?.close());

const changedBy = async (write: () => Promise<unknown>): Promise<string[]> => {
  const before = await tableMarks(app.db);
  await write();
  return changedTables(before, await tableMarks(app.db));
};

const warehouse = (code: string) => ({ code, name: `Warehouse ${code}`, address: 'Marks Road 1' });

describe('a table mark', () => {
  it('changes with an insert, an update and a delete, in that table alone', async () => {
    expect(await changedBy(() => app.db('warehouses').insert(warehouse('MARK-1')))).toEqual(['warehouses']);
    expect(await changedBy(() => app.db('warehouses').where({ code: 'MARK-1' }).update({ address: 'Marks Road 2' })))
      .toEqual(['warehouses']);
    expect(await changedBy(() => app.db('warehouses').where({ code: 'MARK-1' }).delete())).toEqual(['warehouses']);
  });

  it('changes when a row is deleted and another inserted in one transaction', async () => {
    await app.db('warehouses').insert(warehouse('MARK-2'));
    expect(await changedBy(() => app.db.transaction(async (trx) => {
      await trx('warehouses').where({ code: 'MARK-2' }).delete();
      await trx('warehouses').insert(warehouse('MARK-3'));
    }))).toEqual(['warehouses']);
  });

  it('stays when the transaction that wrote rolls back', async () => {
    expect(await changedBy(() => app.db.transaction(async (trx) => {
      await trx('warehouses').insert(warehouse('MARK-4'));
      await trx('warehouses').where({ code: 'MARK-3' }).update({ address: 'Marks Road 3' });
      await trx.rollback();
    }).catch(() => undefined))).toEqual([]);
  });

  it('leaves out the tables a refusal may write (sessions, the activity log, the attempts)', async () => {
    expect(await changedBy(() => app.db('activityLogs').insert({ action: 'login_failed', username: 'nobody' }))).toEqual([]);
    expect(Object.keys(await tableMarks(app.db))).toEqual(expect.arrayContaining(['orders', 'users', 'warehouses']));
  });
});

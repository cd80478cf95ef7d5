import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Knex } from 'knex';
import type { LogArchiveFile } from '@kernel/activity/logArchiveFile';
import { OperatorError } from '../foundation/operatorError';

/*
 * The activity log's retention (issue #38): a company writes tens of millions of rows a year, and
 * the log must stay small online. `npm run db:archive-logs` moves each whole calendar month older
 * than ACTIVITY_LOG_MONTHS into a file of its own, one gzip'd JSON line per row, and deletes it
 * from the database; admins download the files from the activity log (archiveRoutes.ts).
 * docs/operations.md#archiving-the-activity-log.
 */

/**
 * An archive's name: a month's file, or a part of a month an operator set aside by that name when
 * the command refused to overwrite its file (see `refuseExisting`). Nothing else in the folder is
 * listed or served, and no name with a path in it passes.
 */
export const ARCHIVE_FILE = /^activity-logs-(\d{4}-(?:0[1-9]|1[0-2]))(?:\.part[1-9][0-9]{0,5})?\.jsonl\.gz$/;

/** Rows read per statement while a month is written: a batch is in memory at a time, never the month. */
const BATCH_ROWS = 5_000;

/** What archiving one month did. */
export interface ArchivedMonth {
  /** 'YYYY-MM'. */
  month: string;
  file: string;
  rows: number;
  bytes: number;
  /** The actions (activity_actions) whose every row went with it. */
  actions: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar months of the server's time zone (the process's `TZ`), as the reports count them. */
const monthOf = (at: Date) => new Date(at.getFullYear(), at.getMonth(), 1);
const monthAfter = (start: Date) => new Date(start.getFullYear(), start.getMonth() + 1, 1);
export const monthName = (start: Date): string => `${start.getFullYear()}-${pad(start.getMonth() + 1)}`;

/** The first instant kept online: the first day of the month `months` months before now's. */
export const archiveCutoff = (months: number, now = new Date()): Date => new Date(now.getFullYear(), now.getMonth() - months, 1);

/**
 * Archives every month of the log before `before` (a month's first instant: archiveCutoff), oldest
 * first, each in a transaction of its own, telling `onMonth` each as it is done. A month whose file
 * exists already stops the run before anything of it is written or deleted (`refuseExisting`):
 * the months before it stay archived.
 */
export async function archiveActivityLog(db: Knex, dir: string, before: Date,
  onMonth: (month: ArchivedMonth) => void = () => undefined): Promise<ArchivedMonth[]> {
  const done: ArchivedMonth[] = [];
  for (let from = new Date(0); ;) {
    const oldest = await db('activityLogs').where('at', '>=', from).where('at', '<', before).min({ at: 'at' }).first();
    if (!oldest?.at) return done;
    const start = monthOf(new Date(oldest.at));
    const archived = await archiveMonth(db, dir, start);
    if (archived) {
      onMonth(archived);
      done.push(archived);
    }
    from = monthAfter(start);
  }
}

/**
 * One month in one transaction: its rows are written in id order to a file aside, which is synced
 * and read back whole; then they and the actions left with no row are deleted, the file takes its
 * name, and the transaction commits. REPEATABLE READ: the rows deleted are the rows written, even
 * if a late row of the month commits meanwhile (it waits for the next run); of two runs at once,
 * the second finds the month gone or fails on the first's deletion, before its file takes a name.
 * A file in place whose commit then fails is left, not removed: the deletion may have committed
 * all the same, and the next run tells (`refuseExisting`) rather than lose the rows.
 */
async function archiveMonth(db: Knex, dir: string, start: Date): Promise<ArchivedMonth | undefined> {
  const month = monthName(start);
  const end = monthAfter(start);
  const file = path.join(dir, `activity-logs-${month}.jsonl.gz`);
  await refuseExisting(db, file, month, start, end);
  await fs.promises.mkdir(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  try {
    return await db.transaction(async (trx) => {
      const bounds = await trx('activityLogs').where('at', '>=', start).where('at', '<', end)
        .min({ first: 'id' }).max({ last: 'id' }).count({ rows: '*' }).first();
      const rows = Number(bounds!.rows);
      if (rows === 0) return undefined;
      await writeRows(trx, { start, end, first: Number(bounds!.first), last: Number(bounds!.last), rows }, partial);
      const readBack = await countLines(partial);
      if (readBack !== rows || await rowsOf(partial) !== rows) {
        throw new Error(`${partial} reads back ${readBack} rows of the ${rows} written: nothing of ${month} is deleted`);
      }
      const { rows: [gone] } = await trx.raw(`with gone as (delete from activity_logs where at >= ? and at < ? returning action_id),
          ended as (delete from activity_actions a where a.action_id in (select action_id from gone)
            and not exists (select 1 from activity_logs l where l.action_id = a.action_id and (l.at < ? or l.at >= ?)) returning 1)
        select (select count(*) from gone) as rows, (select count(*) from ended) as actions`, [start, end, start, end]);
      if (Number(gone.rows) !== rows) throw new Error(`${month}: ${gone.rows} rows to delete, ${rows} written: nothing is deleted`);
      await fs.promises.rename(partial, file);
      await syncFile(dir, 'r');
      return { month, file, rows, bytes: (await fs.promises.stat(file)).size, actions: Number(gone.actions) };
    }, { isolationLevel: 'repeatable read' });
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}

/**
 * A month's file is never overwritten. Its rows are back in the database only when a backup from
 * before it was made was restored, or a run stopped between placing the file and committing: the
 * operator decides which.
 */
async function refuseExisting(db: Knex, file: string, month: string, start: Date, end: Date): Promise<void> {
  if (!fs.existsSync(file)) return;
  const { rows } = (await db('activityLogs').where('at', '>=', start).where('at', '<', end).count({ rows: '*' }).first())!;
  throw new OperatorError(`${file} exists already, and the database holds ${rows} rows of ${month}: nothing of ${month} was written or deleted. `
    + `If the file holds these rows (zcat ${path.basename(file)} | wc -l), delete the file; else rename it to `
    + `activity-logs-${month}.part1.jsonl.gz (kept and listed as a part of ${month}). Then run again.`);
}

/** A month's rows: from its first instant to the next month's, by their ids' range, and how many. */
interface MonthRows { start: Date; end: Date; first: number; last: number; rows: number }

/**
 * Writes the month's rows, every column as the table names it, to `partial` after the member that
 * says how many (rowCountMember), and syncs it.
 */
async function writeRows(trx: Knex.Transaction, month: MonthRows, partial: string): Promise<void> {
  let written = 0;
  // Each row as the database writes it as JSON, in the table's column order, so that a line loads
  // back as it was: json_populate_record(null::activity_logs, line).
  async function* lines() {
    for (let after = month.first - 1; ;) {
      const { rows: batch } = await trx.raw(`select id, to_json(l)::text as line from activity_logs l
        where id > ? and id <= ? and at >= ? and at < ? order by id limit ?`, [after, month.last, month.start, month.end, BATCH_ROWS]);
      if (batch.length === 0) return;
      written += batch.length;
      yield batch.map((row: { line: string }) => `${row.line}\n`).join('');
      after = Number(batch.at(-1).id);
    }
  }
  await fs.promises.writeFile(partial, rowCountMember(month.rows), { flag: 'wx' });
  await pipeline(Readable.from(lines()), createGzip(), fs.createWriteStream(partial, { flags: 'a' }));
  await syncFile(partial, 'r+');
  if (written !== month.rows) throw new Error(`${partial}: ${written} rows written of the ${month.rows} counted`);
}

/** Waits until the disk has `file` (a folder too, on Linux and macOS: the names in it). */
async function syncFile(file: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fs.promises.open(file, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A file's first bytes: an empty gzip member whose header comment says how many rows the file
 * holds, so that the list of files reads a few bytes of each rather than millions of lines. gzip,
 * zcat and Node's gunzip read the members of a file as one text, to which this one adds nothing
 * (and `gzip -l`, which reads the last member's size, still tells the rows' size).
 */
const rowCountMember = (rows: number) => Buffer.concat([
  Buffer.from([0x1f, 0x8b, 8, 0x10, 0, 0, 0, 0, 0, 0xff]), // gzip, deflate, a comment follows; no time; any system
  Buffer.from(`rows=${rows}\0`, 'latin1'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0, 0, 0, 0]), // an empty last deflate block, then the CRC-32 and length of nothing
]);
// eslint-disable-next-line no-control-regex
const ROW_COUNT_MEMBER = /^\x1f\x8b\x08\x10\x00{5}\xffrows=([0-9]{1,15})\x00\x03\x00{9}/;

/** The row count a file says at its start (rowCountMember), or null when it says none. */
async function rowsOf(file: string): Promise<number | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    const rows = ROW_COUNT_MEMBER.exec(buffer.toString('latin1', 0, bytesRead))?.[1];
    return rows === undefined ? null : Number(rows);
  } finally {
    await handle.close();
  }
}

/** The lines of a gzip'd file, every one ended; gunzip checks each member's CRC-32 on the way. NaN when the last is cut. */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let ended = true;
  await pipeline(fs.createReadStream(file), createGunzip(), new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      if (chunk.length > 0) ended = chunk.at(-1) === 10;
      done();
    },
  }));
  return ended ? lines : NaN;
}

/** The archive files in `dir`, newest month first (none when the folder does not exist yet). */
export async function listArchiveFiles(dir: string): Promise<LogArchiveFile[]> {
  const names = await fs.promises.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = await Promise.all(names.map(async (file): Promise<LogArchiveFile | undefined> => {
    const month = ARCHIVE_FILE.exec(file)?.[1];
    if (!month) return undefined;
    const stat = await archiveStat(dir, file);
    return stat && { file, month, rows: await rowsOf(path.join(dir, file)), bytes: stat.size };
  }));
  return files.filter((file) => file !== undefined).sort((a, b) => b.month.localeCompare(a.month) || a.file.localeCompare(b.file));
}

/** The file `name` of the archive folder, when it is one: a link that leads nowhere, or a folder, is none. */
export async function archiveStat(dir: string, name: string): Promise<fs.Stats | undefined> {
  const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
  return stat?.isFile() ? stat : undefined;
}

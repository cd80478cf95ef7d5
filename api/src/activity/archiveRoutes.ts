import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { LOG_ARCHIVE_ROLES } from '@kernel/activity/logArchiveFile';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requirePageAndRole } from '../middleware/guard';
import type { Ctx } from '../resources/resource';
import { ARCHIVE_FILE, archiveStat, listArchiveFiles } from './logArchive';

/** The archive files of LOG_ARCHIVE_DIR, newest month first, with their rows and size. */
async function list(ctx: Ctx) {
  ctx.body = await listArchiveFiles(ctx.state.config.logArchiveDir);
}

/**
 * One archive file as a download. Its name must be an archive's (ARCHIVE_FILE: no path, no other
 * file of the folder), else 400; a name of no file is 404.
 */
async function download(ctx: Ctx) {
  const name: string = ctx.params.file ?? '';
  if (!ARCHIVE_FILE.test(name)) {
    throw fieldRefusal('invalid_input', 'file must name an archive file: activity-logs-YYYY-MM.jsonl.gz', 'file', problem('invalid_format'));
  }
  const dir = ctx.state.config.logArchiveDir;
  const stat = await archiveStat(dir, name);
  if (!stat) throw httpError('not_found', `No archive file ${name}`, { params: { entity: 'activity_log_archive', id: name } });
  ctx.attachment(name);
  ctx.length = stat.size;
  ctx.body = fs.createReadStream(path.join(dir, name));
}

/**
 * The activity log's archive (docs/operations.md#archiving-the-activity-log): the `activity_logs`
 * page and an admin's role. Mounted before the activity-logs resource, whose /:id would take
 * /archives for a record id.
 */
const guard = requirePageAndRole('activity_logs', LOG_ARCHIVE_ROLES);

export const logArchiveRoutes = new Router<AppState>({ prefix: '/api/activity-logs/archives' })
  .get('/', guard, list)
  .get('/:file', guard, download);

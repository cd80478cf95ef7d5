import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routers } from '../../api/src/app';
import { openapiPath } from '../../api/src/openapi/document';
import { NOTIFICATION_KINDS } from '@kernel/notifications/notificationKinds';
import { MAX_IMPORT_MB } from '@kernel/orders/orderImport';
import { MAX_ATTACHMENT_BYTES } from '../../api/src/orders/attachments';
import { HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';

// The OpenAPI document (docs/api-conventions.md#openapi): made from the mounted routes and the joi
// schemas their handlers check, valid OpenAPI 3.1, for signed-in users, with a viewer.
const { app, admin } = useSignedInApp({ admin: 'admin' });

interface Operation { security?: unknown[]; requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  parameters: Array<{ name: string; in: string; required: boolean; schema?: Record<string, any>; content?: Record<string, { schema: Record<string, any> }> }>;
  'x-page-key'?: string }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: { Error: any } } };
let document: Document;

beforeAll(async () => {
  const answer = await admin.get('/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});

const bodyOf = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
/** A multipart form's schema: its text fields and its file. */
const formOf = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', () => {
    // The validator's own command (an ES module, which jest's CommonJS cannot load), on the document as served.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    const { status, stdout, stderr } = spawnSync(process.execPath,
      [require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js'), path.join(dir, 'openapi.json')], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    expect({ status, output: `${stdout}${stderr}` }).toEqual({ status: 0, output: expect.stringContaining('"valid": true') });
    expect(document.openapi).toBe('3.1.0');
  });

  it('names every mounted route, and no route that is not mounted', () => {
    const mounted = routers.flatMap((router) => router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD')
      .map((method) => `${method.toLowerCase()} ${openapiPath(String(layer.path))}`)));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(mounted.length).toBeGreaterThan(100);
    expect(new Set(documented)).toEqual(new Set(mounted));
  });

  it('states the schemas the routes check: a body, a query, a resource\'s create and update', () => {
    expect(bodyOf('/api/orders/print', 'post')).toMatchObject({ type: 'object', required: ['ids', 'layout'],
      properties: { layout: { enum: ['delivery_notes', 'labels'] }, ids: { type: 'array', maxItems: 500 } } });
    expect(document.paths['/api/orders/lookup'].get.parameters).toEqual([
      expect.objectContaining({ name: 'code', in: 'query', required: true, schema: expect.objectContaining({ maxLength: 50 }) })]);
    expect(bodyOf('/api/webhooks', 'post')).toMatchObject({ required: expect.arrayContaining(['url', 'events']) });
    expect(bodyOf('/api/webhooks/{id}', 'put')?.properties).toHaveProperty('rotateSecret');
    expect(bodyOf('/api/orders', 'post')?.properties).toHaveProperty('mtmNumber');
    expect(document.paths['/api/orders/{id}/transitions'].post.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    // Every write the form screens make states its body.
    const writes = Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([method]) => method === 'put' || (method === 'post' && !/\/(restore|undo|read|read-all|retry|redeliver|logout|sign-out-everywhere|totp|recovery-codes|enrolment|passkey-challenge|registration|passkey-registration|report-runs|actions)$/.test(path)))
      .map(([method]) => `${method} ${path}`));
    expect(writes.filter((write) => { const [method, path] = write.split(' '); return !bodyOf(path, method) && !formOf(path, method); })).toEqual([]);
    // An upload states its form: the text fields the route checks, and the file.
    expect(formOf('/api/orders/import', 'post')).toMatchObject({ required: expect.arrayContaining(['dryRun', 'file']),
      properties: { dryRun: { type: 'boolean' }, expect: expect.any(Object), file: { type: 'string', format: 'binary' } } });
    expect(formOf('/api/orders/{id}/attachments', 'post')).toMatchObject({ required: ['kind', 'file'],
      properties: { kind: { enum: ['pod', 'receipt'] } } });
    expect(formOf('/api/orders/import/errors.csv', 'post')).toMatchObject({ required: ['file'] });
    // Each upload states the largest file it takes, the limit its reading refuses more than.
    expect(formOf('/api/orders/import', 'post')?.properties.file.description).toContain(`at most ${MAX_IMPORT_MB * 2 ** 20} bytes`);
    expect(formOf('/api/orders/{id}/attachments', 'post')?.properties.file.description).toContain(`at most ${MAX_ATTACHMENT_BYTES} bytes`);
    // A body that depends on the person (the kinds they hear of, report subscriptions with the reports page) is stated at its widest.
    expect(Object.keys(bodyOf('/api/notification-settings', 'put')?.properties ?? {}).sort()).toEqual(['digestHour', 'kinds', 'reportSubscriptions']);
    expect(Object.keys(bodyOf('/api/notification-settings', 'put')?.properties?.kinds.properties ?? {}).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('says who may call each route, and answers the error-code table', () => {
    expect(document.paths['/api/public/track/{token}'].get.security).toEqual([]);
    expect(document.paths['/api/webhooks'].post['x-page-key']).toBe('integrations');
    expect(document.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining(['invalid_input', 'page_denied', 'throttled']));
  });

  // A list's JSON parameters (ra-data-simple-rest's range, sort and filter) name what the server
  // takes: every sort it documents sorts and every filter filters; a name it does not is refused.
  it('states each list\'s sorts and filters, as the server takes them', async () => {
    const lists = Object.entries(document.paths).filter(([, methods]) => methods.get?.parameters.some((p) => p.name === 'sort' && p.content));
    expect(lists.map(([path]) => path)).toEqual(expect.arrayContaining(['/api/orders', '/api/suppliers', '/api/activity-logs', '/api/rate-cards']));
    const json = (operation: Operation, name: string) => operation.parameters.find((p) => p.name === name)!.content!['application/json'].schema;
    const problems: string[] = [];
    for (const [path, { get }] of lists) {
      const url = (query: Record<string, unknown>) => `${path}?range=${encodeURIComponent('[0,0]')}&${Object.entries(query)
        .map(([name, value]) => `${name}=${encodeURIComponent(JSON.stringify(value))}`).join('&')}`;
      const sortable: string[] = json(get, 'sort').prefixItems[0].enum;
      const filters = Object.keys(json(get, 'filter').properties);
      expect(filters).toEqual(expect.arrayContaining(['q', 'id']));
      for (const field of sortable) {
        const answer = await admin.get(url({ sort: [field, 'DESC'] }));
        if (answer.status !== 200) problems.push(`${path} sort ${field}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      // An empty list of values filters to nothing, whatever the filter's type; a bound or a search may refuse it, as no unknown filter.
      for (const name of filters) {
        const answer = await admin.get(url({ filter: { [name]: [] } }));
        if (answer.status >= 500 || JSON.stringify(answer.body).includes('unknown_filter')) {
          problems.push(`${path} filter ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
      expect((await admin.get(url({ sort: ['notAField', 'ASC'] }))).body).toMatchObject({ fields: { sort: { code: 'not_sortable' } } });
      expect((await admin.get(url({ filter: { notAFilter: 1 } }))).body).toMatchObject({ fields: { notAFilter: { code: 'unknown_filter' } } });
    }
    expect(problems).toEqual([]);
  });

  it('and its viewer are for signed-in users', async () => {
    const anyone = new HttpClient(app.url);
    expect((await anyone.get('/api/openapi.json')).status).toBe(401);
    // The viewer is a page: a signed-out browser goes to the sign-in page, not to a 401 in JSON,
    // with the way back (the query too).
    const signedOut = await anyone.get('/api/docs?filter=orders');
    expect([signedOut.status, signedOut.headers.get('location')]).toEqual([302, '/auth?next=%2Fapi%2Fdocs%3Ffilter%3Dorders']);
    expect((await anyone.get('/api/docs/start.js')).status).toBe(401);
    const page = await admin.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const bundle = await admin.get('/api/docs/swagger-ui-bundle.js');
    expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await admin.get('/api/docs/start.js')).status).toBe(200);
    expect((await admin.get('/api/docs/package.json')).status).toBe(404);
    expect((await admin.get('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});

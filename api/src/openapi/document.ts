import type Router from '@koa/router';
import type { Layer } from '@koa/router';
import type Joi from 'joi';
import parse from 'joi-to-json';
import { ERROR_CODES } from '@kernel/errors/errorCodes';
import { PAGE_KEYS, type PageKey } from '@kernel/permissions/pageKeys';
import type { AppState } from '../foundation/appState';
import { ROUTE_GUARD, type GuardKind } from '../middleware/guard';
import { INPUT_SCHEMAS, type InputSchemas, type UploadForm } from '../middleware/validate';
import { LIST_QUERY, listParameters, type ListQueryNames } from '../resources/listQuery';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };
type Operation = Record<string, unknown>;

/** A joi schema as OpenAPI 3.1 states it (JSON Schema 2020-12), by the maintained converter. */
const schemaOf = (schema: Joi.Schema): JsonSchema => parse(schema, 'open-api-3.1') as JsonSchema;

/** Each statement of a query or path schema as one parameter. */
function parameters(where: 'query' | 'path', schema: Joi.Schema | undefined, names: string[]): object[] {
  if (!schema) return names.map((name) => ({ name, in: where, required: true, schema: { type: 'string' } }));
  const { properties = {}, required = [] } = schemaOf(schema);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.includes(name),
    schema: property }));
}

const ERROR_ANSWER = { $ref: '#/components/responses/Error' };

/** A multipart form as the route reads it (uploads/readUpload.ts): its text fields, and the file in `file` with its limit. */
function uploadSchema({ fields, maxBytes }: UploadForm): JsonSchema {
  const { properties = {}, required = [], ...form } = schemaOf(fields);
  const file = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream',
    description: `The file, at most ${maxBytes} bytes (${maxBytes / 2 ** 20} MiB): a larger one is refused (413 payload_too_large).` };
  return { ...form, properties: { ...properties, file }, required: [...required, 'file'] };
}

/** Who may call a route, as the document says it: no security for public routes, the page key as an extension. */
function access(guard: GuardKind): Operation {
  if (guard === 'public') return { security: [] };
  return PAGE_KEYS.includes(guard as PageKey) ? { 'x-page-key': guard } : { 'x-access': guard };
}

/** One route's operation: its guard, its path, query and body schemas, its answers. */
function operation(layer: Layer, method: string): Operation {
  const guard = (layer.stack[0] as unknown as Record<symbol, GuardKind>)[ROUTE_GUARD];
  const handler = layer.stack.at(-1) as unknown as Record<symbol, unknown>;
  const input = (handler[INPUT_SCHEMAS] as InputSchemas | undefined) ?? {};
  const list = handler[LIST_QUERY] as ListQueryNames | undefined;
  const segments = String(layer.path).split('/').filter(Boolean);
  const pathParams = layer.paramNames.map((param: { name: string | number }) => String(param.name));
  const body = input.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(input.body) } } } }
    : input.upload ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: uploadSchema(input.upload) } } } } : {};
  return {
    operationId: `${method}${openapiPath(String(layer.path)).replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '')}`,
    tags: [segments[0] === 'api' ? (segments[1] === 'public' ? `public/${segments[2]}` : segments[1]) : segments[0]],
    ...access(guard),
    parameters: [...parameters('path', input.params, pathParams), ...(input.query ? parameters('query', input.query, []) : []),
      ...(list ? listParameters(list) : [])],
    ...body,
    responses: { '2XX': { description: 'Done: the JSON answer the route documents (docs/)' }, default: ERROR_ANSWER },
  };
}

/** An address as OpenAPI writes it: `/api/orders/{id}`. */
export const openapiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI 3.1 document of the routers' routes (docs/api-conventions.md#openapi): every mounted
 * route, with the joi schemas its handler checks (`takes`), its guard, and the error answer of the
 * error-code table. Made from the routes themselves, so a route added is documented.
 */
export function openapiDocument(routers: Array<Router<AppState>>, version: string): object {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        const path = openapiPath(String(layer.path));
        paths[path] ??= {};
        paths[path][method.toLowerCase()] ??= operation(layer, method.toLowerCase());
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Logistics back-office API', version,
      description: 'Sign in (POST /api/login) for a session cookie, or send an API token as `Authorization: Bearer`. '
        + 'Lists follow ra-data-simple-rest (`range`, `sort`, `filter`, `Content-Range`). Errors answer `code` from the table below.' },
    servers: [{ url: '/' }],
    security: [{ session: [] }, { token: [] }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        token: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: {
          type: 'object', required: ['code', 'message'],
          properties: {
            code: { type: 'string', enum: Object.keys(ERROR_CODES) },
            message: { type: 'string' },
            params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
            errors: { type: 'object', additionalProperties: { type: 'string' } },
            fields: { type: 'object', additionalProperties: { type: 'object' } },
            requestId: { type: 'string' },
          },
        },
      },
      responses: {
        Error: {
          description: `An error: its status is the code's (${Object.entries(ERROR_CODES).map(([code, status]) => `${code} ${status}`).join(', ')}).`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

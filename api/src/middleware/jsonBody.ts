import bodyParser from 'koa-bodyparser';
import type { Context, Middleware, Next } from 'koa';
import { fieldText, httpError } from '../foundation/httpError';
import { refuseDeepJson } from './jsonDepth';

/** The encodings the parser undoes (through `inflation`); anything else is refused before it reads. */
const DECODED = new Set(['identity', 'gzip', 'deflate', 'br']);

/**
 * Whether the parser failed undoing the body's encoding: the parser's own refusals (bad JSON, too
 * large, aborted) carry an HTTP status, zlib's and brotli's errors (bad header, bad data, cut
 * short) do not.
 */
const isUndecodable = (err: unknown, encoding: string) => encoding !== '' && encoding !== 'identity'
  && typeof (err as { status?: unknown }).status !== 'number';

/**
 * The JSON body parser with the checks it lacks: a body that claims an encoding it is not in
 * (400, where zlib's error would be a 500), an encoding nobody can undo (415), and JSON nested
 * deeper than any of our bodies (400, before a recursive walk overflows the stack).
 */
export function jsonBody(): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: '1mb',
    strict: true,
    onerror(err, ctx) {
      const encoding = ctx.get('Content-Encoding');
      if (!isUndecodable(err, encoding)) throw err;
      throw httpError('invalid_json', `The request body is not valid ${encoding} data`,
        { fields: { body: { code: 'invalid_format', message: fieldText('invalid_format') } } });
    },
  });
  return async (ctx: Context, next: Next) => {
    const encoding = ctx.get('Content-Encoding');
    const hasBody = Boolean(ctx.request.length || ctx.get('Transfer-Encoding'));
    if (hasBody && encoding && !DECODED.has(encoding)) {
      throw httpError('unsupported_media_type', `Unsupported Content-Encoding "${encoding}": send gzip, deflate, br or none`,
        { params: { encoding } });
    }
    await parse(ctx, async () => {
      refuseDeepJson(ctx.request.body, 'body');
      await next();
    });
  };
}

import { Stream } from 'node:stream';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type Koa from 'koa';
import compress from 'koa-compress';

/** Bodies up to this size are compressed at once, in the request's own turn (about 0.05 ms for 10 KB, 1 ms for 256 KB). */
const AT_ONCE_LIMIT = 256 * 1024;
/** koa-compress's threshold: a smaller body is sent as it is. */
const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 4; // koa-compress's own
const UNCOMPRESSED_STATUSES = new Set([204, 205, 206, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/;

/** The JSON and the compressed forms of an unchanging answer, made for its first request and sent again to the next. */
const encodings = new WeakMap<object, Map<string, string | Buffer>>();

/**
 * Marks `answer` as never changing once made (a report worked out from a finished run): its JSON
 * and its compressed bytes are made once, for its first request, and every later request that is
 * answered with the same object is sent them as they are. They go with the object when it is dropped.
 */
export function unchanging<T extends object>(answer: T): T {
  if (!encodings.has(answer)) encodings.set(answer, new Map());
  return answer;
}

/** `made` under `key` in `memo`, made once; without a memo, made each time. */
function once<T extends string | Buffer>(memo: Map<string, string | Buffer> | undefined, key: string, make: () => T): T {
  const known = memo?.get(key) as T | undefined;
  if (known !== undefined) return known;
  const made = make();
  memo?.set(key, made);
  return made;
}

/**
 * koa-compress with two corrections. It leaves alone any response with a Content-Range, as it
 * would a byte range: a list's Content-Range (ra-data-simple-rest's "orders 0-24/319") counts
 * records, so it is held back while koa-compress decides and put back after. And it fails (an
 * undefined Content-Encoding) when the client refuses every encoding it has, identity included
 * (`identity;q=0`, `*;q=0`): such a client is answered uncompressed, as mainstream servers do.
 */
function compressLists(compressor: ReturnType<typeof compress>): Koa.Middleware {
  return async (ctx, next) => {
    let itemRange: string | undefined;
    await compressor(ctx, async () => {
      await next();
      if (!ctx.acceptsEncodings(compressor.preferredEncodings)) ctx.compress = false;
      const range = ctx.response.get('Content-Range');
      if (range && ctx.status !== 206 && !/^bytes\b/i.test(range)) {
        itemRange = range;
        ctx.remove('Content-Range');
      }
    });
    if (itemRange) ctx.set('Content-Range', itemRange);
  };
}

/**
 * The answer's body as it goes out. An object is turned into JSON here, once: Koa would measure it
 * by turning it into JSON, koa-compress ask for that length, and Koa turn it into JSON again to
 * send it (a 400 KB report was serialised three times a request). A JSON or text body up to 256 KB
 * is compressed in one synchronous call rather than through koa-compress's stream, whose set-up,
 * buffers and hand-over to the thread pool cost about four times the compression itself (0.2
 * against 0.05 ms for a 10 KB page; brotli's default 4 MB window is allocated per stream): brotli,
 * told the body's size so that it takes a window to match, or gzip, as the client accepts. An
 * unchanging answer (`unchanging`) is serialised and compressed once, whatever its size. Other
 * bodies and streams are left to koa-compress, which sees that a body compressed here needs nothing more.
 */
const encodeBody: Koa.Middleware = async (ctx, next) => {
  await next();
  const answer: unknown = ctx.body;
  const memo = answer !== null && typeof answer === 'object' ? encodings.get(answer) : undefined;
  if (answer !== null && typeof answer === 'object' && !Buffer.isBuffer(answer) && !(answer instanceof Stream)) {
    ctx.body = once(memo, 'json', () => JSON.stringify(answer));
    ctx.type = 'json';
  }
  const body: unknown = ctx.body;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
  const size = Buffer.byteLength(body);
  if (size < COMPRESS_THRESHOLD || (size > AT_ONCE_LIMIT && !memo) || ctx.compress === false || ctx.method === 'HEAD'
    || UNCOMPRESSED_STATUSES.has(ctx.status) || ctx.response.get('Content-Encoding') || !ctx.response.is(['json', 'text/*'])
    || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') return;
  ctx.body = once(memo, encoding, () => (encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } })
    : gzipSync(body)));
  ctx.set('Content-Encoding', encoding);
};

/** The answers' encoding, as the app's outermost body step (app.ts). */
export const answerBody = (): Koa.Middleware[] => [compressLists(compress()), encodeBody];

import busboy from 'busboy';
import type Joi from 'joi';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { validate } from '../middleware/validate';
import type { Ctx } from '../resources/resource';

export interface Upload<F = Record<string, string>> {
  fields: F;
  fileName?: string;
  content?: Buffer;
}

const tooLarge = (maxBytes: number) => {
  const maxMb = maxBytes / 2 ** 20;
  return httpError('payload_too_large', `The file is larger than ${maxMb} MiB`, { params: { maxMb } });
};

/**
 * Reads one multipart upload (the file in field `file`, at most five text fields, checked by
 * `fields` as a JSON body is: the route states the same schema as `takes`'s `upload`, for the
 * OpenAPI document) into memory: a file over `maxBytes` is refused (413) as soon as it is known,
 * from Content-Length or while it arrives; one of exactly `maxBytes` is taken.
 */
export async function readUpload<F>(ctx: Ctx, maxBytes: number, fields: Joi.Schema<F>): Promise<Upload<F>> {
  const upload = await readParts(ctx, maxBytes);
  return { ...upload, fields: validate(fields, upload.fields) };
}

function readParts(ctx: Ctx, maxBytes: number): Promise<Upload> {
  if (!ctx.is('multipart/form-data')) throw httpError('unsupported_media_type', 'Send the file as multipart/form-data', { params: { type: ctx.type } });
  if (Number(ctx.get('content-length') || 0) > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  return new Promise((resolve, reject) => {
    const upload: Upload = { fields: {} };
    let over = false;
    // A body cut short errors on the parser and on the part being read: each needs a listener, or
    // the unhandled 'error' of a part's stream takes the whole process down.
    const unreadable = () => reject(fieldRefusal('invalid_input', 'The upload could not be read', 'file',
      problem('invalid_format')));
    let parser: busboy.Busboy;
    try {
      // busboy reports its limit as soon as a file reaches it: a byte more, so that a file of exactly maxBytes passes.
      parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes + 1, fields: 5, fieldSize: 200 } });
    } catch {
      unreadable(); // no boundary in the Content-Type
      return;
    }
    parser.on('field', (name, value) => {
      upload.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.on('error', unreadable);
      if (name !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => { over = true; });
      stream.on('end', () => {
        upload.fileName = info.filename;
        upload.content = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => (over ? reject(tooLarge(maxBytes)) : resolve(upload)));
    parser.on('error', unreadable);
    ctx.req.pipe(parser);
  });
}

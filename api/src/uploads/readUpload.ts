import busboy from 'busboy';
import type { Ctx } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { checks, takes, validate, type Input, type InputSchemas, type UploadForm } from '../middleware/validate';

export interface Upload<F = Record<string, string>> {
  fields: F;
  fileName?: string;
  content?: Buffer;
}

/** Reads the request's upload, checked by the route's form, when the handler asks for it. */
export type ReadUpload<F> = () => Promise<Upload<F>>;

const tooLarge = (maxBytes: number) => {
  const maxMb = maxBytes / 2 ** 20;
  return httpError('payload_too_large', `The file is larger than ${maxMb} MiB`, { params: { maxMb } });
};

/**
 * A route's handler that takes a multipart upload (the file in field `file`, at most five text
 * fields) besides its params and query: `takesUpload({ upload: { fields, maxBytes } }, (ctx, { upload }) => …)`.
 * The form is stated once, for the OpenAPI document and for the reading: `upload()` reads the
 * upload into memory when the handler asks (after its own checks: nothing is read for an order it
 * cannot see), refuses a file over `maxBytes` (413) as soon as it is known, from Content-Length or
 * while it arrives (one of exactly `maxBytes` is taken), and checks the text fields by `fields` as
 * a JSON body is checked (400, unknown fields refused).
 */
export function takesUpload<F, Q = unknown, P = unknown>({ upload: form, ...schemas }: Omit<InputSchemas, 'body' | 'upload'> & { upload: UploadForm<F> },
  handler: (ctx: Ctx, input: Input<unknown, Q, P> & { upload: ReadUpload<F> }) => unknown) {
  return checks({ ...schemas, upload: form }, takes<unknown, Q, P>(schemas, (ctx, input) =>
    handler(ctx, { ...input, upload: async () => {
      const upload = await readParts(ctx, form.maxBytes);
      return { ...upload, fields: validate(form.fields, upload.fields) };
    } })));
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

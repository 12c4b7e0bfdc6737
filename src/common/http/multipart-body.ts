import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { GatewayError } from '../errors/error-catalog';

/** A file part of a multipart form, held in memory (bounded by the body limit). */
export interface UploadedFile {
  /** As the client named it; a part without a name has none. */
  filename?: string;
  mimeType: string;
  bytes: Buffer;
}

/** A multipart form: its text fields (the last value of a repeated name) and its file parts, by field name. */
export interface MultipartForm {
  fields: Map<string, string>;
  files: Map<string, UploadedFile>;
}

/** How many parts a form may have and how long a text field may be, beyond the whole body's byte limit. */
export interface MultipartBounds {
  maxFiles: number;
  maxFields: number;
  maxFieldBytes: number;
}

/** `multipart/form-data`, with its parameters (the boundary). */
export function isMultipartFormData(header: string | undefined): boolean {
  return !!header && header.split(';', 1)[0].trim().toLowerCase() === 'multipart/form-data';
}

/**
 * Reads a multipart/form-data body as it streams in (busboy), after authentication as a JSON body
 * is: 415 unless the type is multipart/form-data, 413 past `limitBytes` over the whole body
 * (checked on Content-Length first, then on every chunk read: reading stops there, nothing past
 * the limit is kept), 400 for a malformed form, too many parts or a text field over its bound.
 * Field names are kept in Maps: a field named `__proto__` is a name like any other.
 */
export function readMultipartForm(req: IncomingMessage, limitBytes: number, bounds: MultipartBounds): Promise<MultipartForm> {
  const type = req.headers['content-type'];
  if (!isMultipartFormData(type)) {
    throw new GatewayError('unsupported_media_type', 'Send a multipart/form-data body (Content-Type: multipart/form-data; boundary=…).');
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);
  if (req.destroyed && !req.complete) throw incomplete();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: {
        fileSize: limitBytes,
        files: bounds.maxFiles,
        fields: bounds.maxFields,
        fieldSize: bounds.maxFieldBytes,
        parts: bounds.maxFiles + bounds.maxFields,
      },
    });
  } catch (err) {
    // No boundary, or a charset busboy does not know.
    throw new GatewayError('invalid_request', `The multipart body cannot be read: ${(err as Error).message}`);
  }

  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, UploadedFile>();
    let received = 0;
    let settled = false;

    const fail = (error: GatewayError) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(error);
      req.unpipe(parser);
      parser.removeAllListeners();
      // Destroying the parser mid-part errors it and the file stream it is writing ("Unexpected
      // end of file"): we gave up already, and nothing of it must reach the process.
      parser.on('error', ignore);
      parser.destroy();
      req.resume(); // discard the rest; the error goes out as soon as we answer
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) fail(tooLarge(limitBytes));
    };
    // The client went away mid-body: nobody will read the answer, but it is still a client error.
    const onAborted = () => {
      if (!req.complete) fail(incomplete());
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('aborted', onAborted);
      req.off('close', onAborted);
      req.off('error', onAborted);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(
          new GatewayError('invalid_request', `The form field "${name}" is longer than ${bounds.maxFieldBytes} bytes.`, { param: name }),
        );
        return;
      }
      fields.set(name, value);
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // Its errors are the parser's, reported there ('error' below).
      stream.on('error', ignore);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge(limitBytes)));
      stream.on('end', () => {
        if (settled) return;
        if (files.has(name)) {
          fail(new GatewayError('invalid_request', `The form has more than one file in "${name}".`, { param: name }));
          return;
        }
        files.set(name, { filename: info.filename, mimeType: info.mimeType, bytes: Buffer.concat(chunks, size) });
      });
    });
    const tooManyParts = () =>
      fail(
        new GatewayError('invalid_request', `The form has more than ${bounds.maxFiles} file(s) or ${bounds.maxFields} fields.`, {
          limit: 'parts',
        }),
      );
    parser.on('filesLimit', tooManyParts);
    parser.on('fieldsLimit', tooManyParts);
    parser.on('partsLimit', tooManyParts);
    parser.on('error', (err: Error) => fail(new GatewayError('invalid_request', `The multipart body is malformed: ${err.message}`)));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve({ fields, files });
    });

    req.on('data', onData);
    req.on('aborted', onAborted);
    req.on('close', onAborted);
    req.on('error', onAborted);
    req.pipe(parser);
  });
}

function ignore(): void {}

function incomplete(): GatewayError {
  return new GatewayError('invalid_request', 'The request body was not received completely.');
}

function tooLarge(limitBytes: number): GatewayError {
  return new GatewayError('payload_too_large', `The request body is larger than ${limitBytes} bytes.`, { limit_bytes: limitBytes });
}

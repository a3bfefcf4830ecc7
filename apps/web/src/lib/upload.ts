/** Uploads over a presigned POST (the S3 protocol), from `createUploadDestination`: spec section 7, upload flow. */

export interface UploadDestination {
  url: string;
  formFields: readonly { key: string; value: string }[];
}

export interface UploadOptions {
  /** Called with the fraction (0 to 1) of the file sent so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * The Content-Type to send: it must be the one the destination was created for. Defaults to the
   * file's own type, which is what to pass to `createUploadDestination` too.
   */
  contentType?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function xmlElement(body: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(body);
  return match ? unescapeXml(match[1]!) : undefined;
}

/**
 * What an upload answer means: a 2xx answer names the stored key; an S3 error document gives its message;
 * anything else is an unknown error.
 */
export function readUploadAnswer(status: number, body: string): { key: string } | Error {
  if (status >= 200 && status < 300) {
    const key = xmlElement(body, 'Key');
    return key ? { key } : new Error('Missing key field');
  }
  if (/<Error>/.test(body)) {
    const message = xmlElement(body, 'Message');
    if (message) return new Error(message);
  }
  return new Error('Unknown error');
}

/** The key as the system-upload variant reports it: with a leading slash. */
export function withLeadingSlash(key: string): string {
  return key.startsWith('/') ? key : `/${key}`;
}

/**
 * Posts `file` to an upload destination: every form field, then Content-Type, then the file last (S3
 * ignores fields after the file). Resolves with the stored key.
 */
export function uploadFile(
  destination: UploadDestination,
  file: Blob & { name?: string },
  options: UploadOptions = {},
): Promise<{ key: string }> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const { key, value } of destination.formFields) form.append(key, value);
    form.append('Content-Type', options.contentType ?? (file.type || 'application/octet-stream'));
    form.append('file', file, file.name ?? 'file');

    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    request.open('POST', destination.url);
    if (onProgress)
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    request.addEventListener('load', () => {
      settle();
      const answer = readUploadAnswer(request.status, request.responseText);
      if (answer instanceof Error) reject(answer);
      else {
        onProgress?.(1);
        resolve(answer);
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new Error('Unknown error'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    request.send(form);
  });
}

/** The system-upload variant: the same upload, its key reported with a leading slash. */
export async function uploadSystemFile(
  destination: UploadDestination,
  file: Blob & { name?: string },
  options: UploadOptions = {},
): Promise<{ key: string }> {
  const { key } = await uploadFile(destination, file, options);
  return { key: withLeadingSlash(key) };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { readUploadAnswer, uploadFile, uploadSystemFile, withLeadingSlash } from './upload';

const s3Created = (key: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>http://x/files/k</Location>' +
  `<Bucket>uploads</Bucket><Key>${key}</Key><ETag>&#34;abc&#34;</ETag></PostResponse>`;

describe('readUploadAnswer', () => {
  it('gives the key of a 2xx answer, unescaped', () => {
    expect(readUploadAnswer(201, s3Created('clients/1/a&amp;b.png'))).toEqual({ key: 'clients/1/a&b.png' });
    expect(readUploadAnswer(200, '<PostResponse><Key>k&#47;1</Key></PostResponse>')).toEqual({ key: 'k/1' });
  });

  it('rejects a 2xx answer without a key field', () => {
    for (const body of ['', '<PostResponse><Bucket>uploads</Bucket></PostResponse>', '<Key></Key>'])
      expect(readUploadAnswer(204, body)).toEqual(new Error('Missing key field'));
  });

  it('rejects an S3 error with its message', () => {
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>EntityTooLarge</Code>' +
      '<Message>Your proposed upload exceeds the maximum allowed size &amp; more.</Message></Error>';
    expect(readUploadAnswer(400, body)).toEqual(
      new Error('Your proposed upload exceeds the maximum allowed size & more.'),
    );
    expect(
      readUploadAnswer(403, '<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>'),
    ).toEqual(new Error('Policy expired.'));
  });

  it('rejects anything else as an unknown error', () => {
    for (const [status, body] of [
      [0, ''],
      [500, 'Internal Server Error'],
      [404, '{"code":"NOT_FOUND"}'],
      [400, '<Error><Code>X</Code></Error>'],
      [302, '<Key>k</Key>'],
    ] as const)
      expect(readUploadAnswer(status, body)).toEqual(new Error('Unknown error'));
  });
});

describe('withLeadingSlash', () => {
  it('adds a leading slash only when it is missing', () => {
    expect(withLeadingSlash('clients/1/a.png')).toBe('/clients/1/a.png');
    expect(withLeadingSlash('/clients/1/a.png')).toBe('/clients/1/a.png');
  });
});

/** Just enough of XMLHttpRequest to see what is sent and to answer. */
class FakeRequest {
  static last: FakeRequest | undefined;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | undefined;
  private listeners: Record<string, (() => void)[]> = {};
  upload = {
    listeners: [] as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
    addEventListener(
      _type: string,
      listener: (e: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) {
      this.listeners.push(listener);
    },
  };
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  progress(loaded: number, total: number) {
    for (const l of this.upload.listeners) l({ lengthComputable: true, loaded, total });
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.emit('load');
  }
  emit(type: string) {
    for (const l of this.listeners[type] ?? []) l();
  }
}

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());
  const destination = {
    url: 'http://adloom.test/uploads/',
    formFields: [
      { key: 'key', value: 'clients/1/template-thumbnails/u/thumb.jpg' },
      { key: 'Policy', value: 'cG9saWN5' },
    ],
  };

  it('posts the form fields, then Content-Type, then the file last, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const progress: number[] = [];
    const file = Object.assign(new Blob(['jpeg bytes'], { type: 'image/jpeg' }), { name: 'thumb.jpg' });
    const done = uploadSystemFile(destination, file, { onProgress: (f) => progress.push(f) });
    const request = FakeRequest.last!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(destination.url);
    expect([...request.body!.keys()]).toEqual(['key', 'Policy', 'Content-Type', 'file']);
    expect(request.body!.get('Content-Type')).toBe('image/jpeg');
    expect((request.body!.get('file') as File).name).toBe('thumb.jpg');
    request.progress(5, 10);
    request.answer(201, s3Created('clients/1/template-thumbnails/u/thumb.jpg'));
    await expect(done).resolves.toEqual({ key: '/clients/1/template-thumbnails/u/thumb.jpg' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the server’s message, and when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = uploadFile(destination, new Blob(['x']));
    expect(FakeRequest.last!.body!.get('Content-Type')).toBe('application/octet-stream');
    FakeRequest.last!.answer(
      403,
      '<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>',
    );
    await expect(refused).rejects.toThrow('Policy expired.');

    const controller = new AbortController();
    const aborted = uploadFile(destination, new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});

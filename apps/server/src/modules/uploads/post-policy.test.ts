import { describe, expect, it } from 'vitest';
import { checkPostPolicy, signPolicy, type PostPolicyContext } from './post-policy.js';
import { cleanFileName, isUploadKey, resolveContentType } from './upload-types.js';

const ctx: PostPolicyContext = {
  bucket: 'uploads',
  accessKeyId: 'adloom-local',
  secretAccessKey: 'secret-secret-secret-secret-secret',
  region: 'us-east-1',
  now: new Date('2030-01-01T00:00:00Z'),
};

/** A form signed the way the AWS SDK signs one, with the given conditions. */
function signedForm(conditions: unknown[], expiration = '2030-01-01T00:15:00Z') {
  const credential = 'adloom-local/20300101/us-east-1/s3/aws4_request';
  const policy = Buffer.from(
    JSON.stringify({
      expiration,
      conditions: [
        ...conditions,
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
        { 'X-Amz-Credential': credential },
        { 'X-Amz-Date': '20300101T000000Z' },
      ],
    }),
  ).toString('base64');
  return [
    { name: 'X-Amz-Algorithm', value: 'AWS4-HMAC-SHA256' },
    { name: 'X-Amz-Credential', value: credential },
    { name: 'X-Amz-Date', value: '20300101T000000Z' },
    { name: 'Policy', value: policy },
    { name: 'X-Amz-Signature', value: signPolicy(ctx.secretAccessKey, '20300101', 'us-east-1', policy) },
  ];
}

describe('checkPostPolicy', () => {
  it('accepts starts-with and eq conditions, matching field names case-insensitively', () => {
    const form = [
      ...signedForm([
        ['starts-with', '$key', 'clients/1/'],
        ['eq', '$content-type', 'image/png'],
        ['content-length-range', 1, 10],
        ['content-length-range', 0, 5],
        { success_action_status: '200' },
      ]),
      { name: 'key', value: 'clients/1/a.png' },
      { name: 'Content-Type', value: 'image/png' },
      { name: 'SUCCESS_ACTION_STATUS', value: '200' },
    ];
    expect(checkPostPolicy(form, ctx)).toEqual({
      ok: true,
      key: 'clients/1/a.png',
      contentType: 'image/png',
      minBytes: 1,
      maxBytes: 5,
      successStatus: 200,
    });
  });

  it('refuses a failed starts-with, and answers 204 without success_action_status', () => {
    const conditions = [['starts-with', '$key', 'clients/1/']];
    const outside = checkPostPolicy([...signedForm(conditions), { name: 'key', value: 'clients/2/a' }], ctx);
    expect(outside).toMatchObject({ ok: false, error: { status: 403, code: 'AccessDenied' } });
    const inside = checkPostPolicy([...signedForm(conditions), { name: 'key', value: 'clients/1/a' }], ctx);
    expect(inside).toMatchObject({ ok: true, successStatus: 204, maxBytes: undefined });
  });

  it('refuses malformed policies', () => {
    for (const conditions of [[['content-length-range', 5, 1]], [['in', '$key', 'x']], [{ key: 1 }], ['key']])
      expect(checkPostPolicy(signedForm(conditions), ctx)).toMatchObject({
        ok: false,
        error: { code: 'InvalidPolicyDocument' },
      });
    expect(checkPostPolicy(signedForm([], 'tomorrow'), ctx)).toMatchObject({
      error: { code: 'InvalidPolicyDocument' },
    });
  });

  it('refuses another region, algorithm or a date that disagrees with the credential', () => {
    const form = signedForm([{ key: 'k' }]);
    const replace = (name: string, value: string) => form.map((f) => (f.name === name ? { name, value } : f));
    expect(checkPostPolicy(form, { ...ctx, region: 'eu-west-1' })).toMatchObject({
      error: { code: 'AuthorizationQueryParametersError' },
    });
    expect(checkPostPolicy(replace('X-Amz-Algorithm', 'AWS4-HMAC-SHA1'), ctx)).toMatchObject({
      error: { code: 'InvalidArgument' },
    });
    expect(checkPostPolicy(replace('X-Amz-Date', '20291231T000000Z'), ctx)).toMatchObject({
      error: { code: 'AuthorizationQueryParametersError' },
    });
  });
});

describe('upload rules', () => {
  it('cleans file names', () => {
    expect(cleanFileName('Summer Sale (final).PNG')).toBe('Summer_Sale__final_.PNG');
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('a'.repeat(130))).toBe('a'.repeat(120));
    expect(cleanFileName(`${'b'.repeat(130)}.jpeg`)).toBe(`${'b'.repeat(115)}.jpeg`);
    expect(() => cleanFileName('.')).toThrow(/only dots/);
    expect(() => cleanFileName('')).toThrow(/empty/);
  });

  it('resolves content types from the declared type or the extension', () => {
    expect(resolveContentType('TEMPLATE_IMAGE', 'a.JPG', undefined)).toBe('image/jpeg');
    expect(resolveContentType('TEMPLATE_IMAGE', 'a', 'Image/WebP')).toBe('image/webp');
    expect(() => resolveContentType('TEMPLATE_THUMBNAIL', 'a.webp', null)).toThrow(/Pass contentType/);
    expect(() => resolveContentType('BRAND_KIT_AUDIO', 'a.mp3', 'text/html')).toThrow(/cannot be of type/);
  });

  it('knows upload keys from other stored keys', () => {
    const uuid = '0b8f7c4e-3a1d-4c55-9f00-111122223333';
    expect(isUploadKey(`clients/${uuid}/template-images/${uuid}/a.png`)).toBe(true);
    expect(isUploadKey(`clients/${uuid}/msa/${uuid}/a.pdf`)).toBe(false);
    expect(isUploadKey(`clients/${uuid}/msa/0123.pdf`)).toBe(false);
    expect(isUploadKey(`clients/${uuid}/template-images/${uuid}/..`)).toBe(false);
  });
});

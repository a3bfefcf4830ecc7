import { createHmac, timingSafeEqual } from 'node:crypto';

/** An answer in S3's words: HTTP status, S3 error code, message. */
export interface S3Error {
  status: number;
  code: string;
  message: string;
}

export interface PostPolicyContext {
  /** The bucket the form was posted to (from the URL, as on S3). */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  now: Date;
}

export interface AcceptedPost {
  key: string;
  /** The `Content-Type` form field: the type the object is stored and served with. */
  contentType: string | undefined;
  minBytes: number;
  maxBytes: number | undefined;
  successStatus: 200 | 201 | 204;
}

export type PolicyCheck = ({ ok: true } & AcceptedPost) | { ok: false; error: S3Error };

type Condition =
  | { kind: 'eq' | 'starts-with'; field: string; value: string; source: unknown }
  | { kind: 'content-length-range'; min: number; max: number; source: unknown };

/** Fields S3 never asks a condition for. */
const EXEMPT_FIELDS = new Set(['policy', 'x-amz-signature', 'file']);

const refuse = (status: number, code: string, message: string): PolicyCheck => ({
  ok: false,
  error: { status, code, message },
});
const invalidPolicy = (message: string) => refuse(400, 'InvalidPolicyDocument', `Invalid Policy: ${message}`);
const denied = (message: string) => refuse(403, 'AccessDenied', `Invalid according to Policy: ${message}`);

/** Reads one policy condition in any of S3's three shapes; null when it has none of them. */
function readCondition(source: unknown): Condition[] | null {
  if (Array.isArray(source)) {
    const [op, a, b] = source as unknown[];
    if (typeof op !== 'string' || source.length !== 3) return null;
    const kind = op.toLowerCase();
    if (kind === 'content-length-range') {
      const ok = Number.isSafeInteger(a) && Number.isSafeInteger(b) && (a as number) >= 0 && a! <= b!;
      return ok ? [{ kind, min: a as number, max: b as number, source }] : null;
    }
    if ((kind === 'eq' || kind === 'starts-with') && typeof a === 'string' && a.startsWith('$'))
      return typeof b === 'string' ? [{ kind, field: a.slice(1).toLowerCase(), value: b, source }] : null;
    return null;
  }
  if (typeof source === 'object' && source !== null) {
    const entries = Object.entries(source);
    if (entries.length === 0 || entries.some(([, v]) => typeof v !== 'string')) return null;
    return entries.map(([field, value]) => ({
      kind: 'eq' as const,
      field: field.toLowerCase(),
      value: value as string,
      source,
    }));
  }
  return null;
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** The AWS Signature V4 of a base64 POST policy: HMAC over it with the date/region/s3 signing key. */
export function signPolicy(secretAccessKey: string, date: string, region: string, policy: string): string {
  const dateKey = hmac(`AWS4${secretAccessKey}`, date);
  const signingKey = hmac(hmac(hmac(dateKey, region), 's3'), 'aws4_request');
  return hmac(signingKey, policy).toString('hex');
}

/**
 * Checks the form fields of a browser-based POST upload exactly as S3 does: the signed policy, its
 * expiration, every condition, and that no field goes unchecked. Fields arrive in form order.
 */
export function checkPostPolicy(
  fields: { name: string; value: string }[],
  ctx: PostPolicyContext,
): PolicyCheck {
  const form = new Map<string, string>();
  for (const { name, value } of fields) {
    const lower = name.toLowerCase();
    if (form.has(lower)) return refuse(400, 'InvalidArgument', `The form field "${name}" appears twice.`);
    form.set(lower, value);
  }

  const policy = form.get('policy');
  if (!policy)
    return refuse(403, 'AccessDenied', 'The form has no policy field: ask for a new upload destination.');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(policy)) return invalidPolicy('Invalid JSON.');
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return invalidPolicy('Invalid JSON.');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    return invalidPolicy('Invalid JSON.');
  const { expiration, conditions: rawConditions } = document as Record<string, unknown>;
  if (typeof expiration !== 'string') return invalidPolicy('Policy missing expiration.');
  const expiresAt = Date.parse(expiration);
  if (Number.isNaN(expiresAt)) return invalidPolicy(`Invalid 'expiration' value: '${expiration}'`);
  if (!Array.isArray(rawConditions)) return invalidPolicy('Policy missing conditions.');
  const conditions: Condition[] = [];
  for (const source of rawConditions) {
    const read = readCondition(source);
    if (!read) return invalidPolicy(`Invalid Condition: ${JSON.stringify(source)}`);
    conditions.push(...read);
  }

  if (form.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return refuse(400, 'InvalidArgument', 'x-amz-algorithm must be AWS4-HMAC-SHA256.');
  const credential = (form.get('x-amz-credential') ?? '').split('/');
  const [accessKeyId, date, region, service, terminator] = credential;
  if (credential.length !== 5 || !/^\d{8}$/.test(date!) || service !== 's3' || terminator !== 'aws4_request')
    return refuse(400, 'AuthorizationQueryParametersError', 'x-amz-credential is malformed.');
  if (accessKeyId !== ctx.accessKeyId)
    return refuse(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  if (region !== ctx.region)
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      `The region '${region}' is wrong; expecting '${ctx.region}'.`,
    );
  const amzDate = form.get('x-amz-date') ?? '';
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date!))
    return refuse(
      400,
      'AuthorizationQueryParametersError',
      'x-amz-date is malformed or disagrees with x-amz-credential.',
    );
  const expected = Buffer.from(signPolicy(ctx.secretAccessKey, date!, region, policy));
  const given = Buffer.from(form.get('x-amz-signature') ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );

  if (ctx.now.getTime() > expiresAt) return denied('Policy expired.');

  const formBucket = form.get('bucket');
  if (formBucket !== undefined && formBucket !== ctx.bucket)
    return refuse(400, 'InvalidArgument', `The bucket field names "${formBucket}", not "${ctx.bucket}".`);
  let minBytes = 0;
  let maxBytes: number | undefined;
  const checked = new Set<string>();
  for (const condition of conditions) {
    if (condition.kind === 'content-length-range') {
      minBytes = Math.max(minBytes, condition.min);
      maxBytes = Math.min(maxBytes ?? Infinity, condition.max);
      continue;
    }
    checked.add(condition.field);
    // As on S3, a missing field counts as empty, and the bucket is the one posted to.
    const actual = condition.field === 'bucket' ? ctx.bucket : (form.get(condition.field) ?? '');
    const holds = condition.kind === 'eq' ? actual === condition.value : actual.startsWith(condition.value);
    if (!holds) return denied(`Policy Condition failed: ${JSON.stringify(condition.source)}`);
  }
  const extra = fields
    .map((f) => f.name)
    .filter((name) => {
      const lower = name.toLowerCase();
      return !EXEMPT_FIELDS.has(lower) && !lower.startsWith('x-ignore-') && !checked.has(lower);
    });
  if (extra.length > 0) return denied(`Extra input fields: ${extra.join(', ')}`);

  const key = form.get('key');
  if (!key) return refuse(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
  const status = form.get('success_action_status');
  return {
    ok: true,
    key,
    contentType: form.get('content-type'),
    minBytes,
    maxBytes,
    successStatus: status === '200' ? 200 : status === '201' ? 201 : 204,
  };
}

import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret of 32 bytes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a database leak gives no usable session or link. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

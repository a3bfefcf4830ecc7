/**
 * Connection tokens at rest (Meta's access tokens): AES-256-GCM under a key derived (HKDF-SHA-256) from the
 * connection secret, with the client's id as associated data, so a ciphertext copied into another
 * client's row does not decrypt. The stored text is `v1.{iv}.{tag}.{ciphertext}` in base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export type TokenKey = Buffer & { readonly __tokenKey: unique symbol };

/** The 32-byte key of connection tokens, derived from the secret. */
export function tokenKeyFrom(secret: string): TokenKey {
  if (secret.length < 16) throw new Error('The connection secret must have at least 16 characters.');
  return Buffer.from(hkdfSync('sha256', secret, 'adloom', 'ad-connection-token v1', 32)) as TokenKey;
}

export function encryptToken(key: TokenKey, clientId: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(clientId));
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The token, or an error when the text was not made by encryptToken with this key and client. */
export function decryptToken(key: TokenKey, clientId: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('The stored token is not in the v1 format.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(clientId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { msaRecords } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { accentStrippedFileName, contentDispositionQuery } from '../../http/download-name.js';

export const MSA_MAX_BYTES = 20 * 1024 * 1024;
export const MSA_CONTENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
};

export function msaDownloadPath(clientId: string, fileName: string): string {
  return `/api/portal/clients/${clientId}/msa/download/?${contentDispositionQuery(fileName)}`;
}

/** Looks at the first bytes, since a browser's declared type can lie. */
function sniff(body: Buffer): string | undefined {
  if (body.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (body[0] === 0x50 && body[1] === 0x4b && body[2] === 0x03 && body[3] === 0x04)
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (body.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'application/msword';
  return undefined;
}

/** Stores a client's MSA, replacing the previous one only once the new file is safely written. */
export async function saveMsa(
  deps: AppDeps,
  input: { clientId: string; fileName: string; body: Buffer; uploadedById: string },
) {
  if (input.body.length === 0) throw new DomainError('EMPTY_FILE', 'The file is empty.');
  if (input.body.length > MSA_MAX_BYTES)
    throw new DomainError('FILE_TOO_LARGE', `The file is larger than ${MSA_MAX_BYTES / 1024 / 1024} MB.`);
  const contentType = sniff(input.body);
  if (!contentType) throw new DomainError('UNSUPPORTED_TYPE', 'The MSA must be a PDF or a Word document.');
  const fileName = accentStrippedFileName(input.fileName).slice(0, 200);
  const storageKey = `clients/${input.clientId}/msa/${randomBytes(8).toString('hex')}.${MSA_CONTENT_TYPES[contentType]}`;
  await deps.files.put(storageKey, input.body);
  const [previous] = await deps.db.select().from(msaRecords).where(eq(msaRecords.clientId, input.clientId));
  const values = {
    fileName,
    contentType,
    size: input.body.length,
    storageKey,
    uploadedById: input.uploadedById,
    uploadedAt: new Date(),
  };
  await deps.db
    .insert(msaRecords)
    .values({ clientId: input.clientId, ...values })
    .onConflictDoUpdate({ target: msaRecords.clientId, set: values });
  if (previous) await deps.files.remove(previous.storageKey);
}

export async function getMsa(deps: AppDeps, clientId: string) {
  const [row] = await deps.db.select().from(msaRecords).where(eq(msaRecords.clientId, clientId));
  return row;
}

export async function deleteMsa(deps: AppDeps, clientId: string): Promise<void> {
  const [row] = await deps.db.delete(msaRecords).where(eq(msaRecords.clientId, clientId)).returning();
  if (!row) throw new DomainError('NOT_FOUND', 'This client has no MSA on file.');
  await deps.files.remove(row.storageKey);
}

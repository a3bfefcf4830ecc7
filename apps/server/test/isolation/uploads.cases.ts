import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { gql, type TestApp } from '../harness.js';
import { addClientCases, type World } from './cases.js';

export interface Destination {
  url: string;
  formFields: { key: string; value: string }[];
}

/**
 * Posts a file to an upload destination the way a browser form does: the form fields, then Content-Type,
 * then the file. `override` replaces (or, with null, drops) form fields; `extra` adds fields before the file.
 */
export async function postUpload(
  t: TestApp,
  destination: Destination,
  file: {
    body: Buffer;
    contentType?: string;
    fileName?: string;
    override?: Record<string, string | null>;
    extra?: [string, string][];
    fileField?: string;
  },
) {
  const fields: [string, string][] = [];
  for (const { key, value } of destination.formFields) {
    const replaced = file.override && key in file.override ? file.override[key] : value;
    if (replaced !== null && replaced !== undefined) fields.push([key, replaced]);
  }
  fields.push(...(file.extra ?? []));
  if (file.contentType !== undefined) fields.push(['Content-Type', file.contentType]);
  const boundary = `----adloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.fileField ?? 'file'}"; filename="${file.fileName ?? 'upload.bin'}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: new URL(destination.url).pathname,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
}

const fieldOf = (d: Destination, name: string) => d.formFields.find((f) => f.key === name)?.value ?? '';

addClientCases({
  'Mutation.createUploadDestination': {
    document:
      'mutation { createUploadDestination(key: "logo.png", uploadType: BRAND_KIT_LOGO) { uploadDestination { url } error { code } } }',
    // A destination signed for A cannot be turned into an upload into B's folder.
    crossResource: async (w: World) => {
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query:
          'mutation { createUploadDestination(key: "logo.png", uploadType: BRAND_KIT_LOGO) { uploadDestination { url formFields { key value } } } }',
      });
      const destination: Destination = res.data?.createUploadDestination.uploadDestination;
      const ownKey = fieldOf(destination, 'key');
      expect(ownKey.startsWith(`clients/${w.a.id}/brand-kit-logos/`)).toBe(true);
      const intoB = ownKey.replace(`clients/${w.a.id}/`, `clients/${w.b.id}/`);
      const answer = await postUpload(w.t, destination, {
        contentType: 'image/png',
        body: Buffer.from('not really a png'),
        override: { key: intoB },
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toContain('<Code>AccessDenied</Code>');
      expect(await w.t.deps.files.get(intoB)).toBeNull();
      expect(await w.t.deps.files.get(ownKey)).toBeNull();
    },
  },
});

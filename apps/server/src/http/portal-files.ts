import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.js';
import { CSRF_HEADER } from '../auth/sessions.js';
import { DomainError } from '../errors.js';
import { getClient } from '../modules/clients/index.js';
import { getMsa, MSA_MAX_BYTES, saveMsa } from '../modules/portal/index.js';
import { safeDisposition } from './download-name.js';

function staffOnly(req: FastifyRequest, reply: FastifyReply): boolean {
  const user = req.viewer?.user;
  if (!user) {
    reply.code(401).send({ code: 'UNAUTHENTICATED', message: 'Sign in first.' });
    return false;
  }
  if (!user.isStaff && !user.isSuperUser) {
    reply.code(403).send({ code: 'FORBIDDEN', message: 'Only staff can use the portal.' });
    return false;
  }
  return true;
}

/** MSA upload and download for the staff portal. */
export async function registerPortalFileRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, { limits: { fileSize: MSA_MAX_BYTES + 1, files: 1 } });

  app.post<{ Params: { id: string } }>('/api/portal/clients/:id/msa/', async (req, reply) => {
    if (!staffOnly(req, reply)) return reply;
    if (req.headers[CSRF_HEADER] !== req.viewer?.csrfToken)
      return reply.code(403).send({ code: 'CSRF_FAILED', message: 'Missing or wrong CSRF token.' });
    const client = await getClient(deps.db, req.params.id);
    if (!client) return reply.code(404).send({ code: 'NOT_FOUND', message: 'The client was not found.' });
    if (!req.isMultipart())
      return reply
        .code(400)
        .send({ code: 'INVALID_INPUT', message: 'Send the file as multipart form data.' });
    const file = await req.file();
    if (!file) return reply.code(400).send({ code: 'INVALID_INPUT', message: 'No file was sent.' });
    const body = await file.toBuffer().catch(() => undefined);
    if (!body || file.file.truncated)
      return reply.code(413).send({
        code: 'FILE_TOO_LARGE',
        message: `The file is larger than ${MSA_MAX_BYTES / 1024 / 1024} MB.`,
      });
    try {
      await saveMsa(deps, {
        clientId: client.id,
        fileName: file.filename,
        body,
        uploadedById: req.viewer!.user.id,
      });
    } catch (e) {
      if (e instanceof DomainError) return reply.code(400).send({ code: e.code, message: e.message });
      throw e;
    }
    return { ok: true };
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/api/portal/clients/:id/msa/download/',
    async (req, reply) => {
      if (!staffOnly(req, reply)) return reply;
      const msa = (await getClient(deps.db, req.params.id)) ? await getMsa(deps, req.params.id) : undefined;
      const file = msa ? await deps.files.get(msa.storageKey) : null;
      if (!msa || !file)
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'This client has no MSA on file.' });
      return reply
        .header('content-type', msa.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          safeDisposition(req.query['response-content-disposition'], msa.fileName),
        )
        .send(file.stream);
    },
  );
}

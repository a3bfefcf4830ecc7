import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines ('incoming request', 'request completed', 'Route … not found') at debug
 * instead of info: LOG_LEVEL=debug shows them; at the default info the log keeps what happened, not
 * every request. Failed requests are still logged at error.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (!this.isLogDisabled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}

/**
 * Errors the renderer throws. Their messages are the spec's texts word for word (section 8, from
 * RENDERER_ERRORS); what exactly went wrong and what to do about it is in `reason`.
 */
import { RENDERER_ERRORS } from '@adloom/template';

/** A renderer failure: `message` is the spec's text, `reason` says what happened and what to do. */
export class RendererError extends Error {
  override name = 'RendererError';

  constructor(
    message: string,
    readonly reason?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The template is not a usable SVG document: 'could not parse the template!' plus the reason. */
export class TemplateParseError extends RendererError {
  override name = 'TemplateParseError';

  constructor(reason: string, options?: { cause?: unknown }) {
    super(RENDERER_ERRORS.unparseableTemplate, reason, options);
  }
}

/** The spec's message with the reason appended, for logs and the command line. */
export function describeError(error: unknown): string {
  if (error instanceof RendererError && error.reason) return `${error.message} (${error.reason})`;
  return error instanceof Error ? error.message : String(error);
}

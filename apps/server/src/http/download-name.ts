/** Strips accents and anything outside printable ASCII, so a file name is safe in a header and a URL. */
export function accentStrippedFileName(name: string): string {
  const stripped = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/]/g, '_')
    .trim();
  return stripped || 'download';
}

/** The `response-content-disposition` query value file downloads carry (as S3 presigned GETs do). */
export function contentDispositionQuery(fileName: string): string {
  return `response-content-disposition=${encodeURIComponent(`attachment; filename="${accentStrippedFileName(fileName)}"`)}`;
}

/** Accepts a requested disposition only when it is an attachment with a plain, safe file name. */
export function safeDisposition(requested: unknown, fallbackName: string): string {
  const fallback = `attachment; filename="${accentStrippedFileName(fallbackName)}"`;
  if (typeof requested !== 'string') return fallback;
  const match = /^attachment; filename="([\x20-\x21\x23-\x5b\x5d-\x7e]{1,200})"$/.exec(requested);
  return match ? requested : fallback;
}

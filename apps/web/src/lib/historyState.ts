/** A text a page was handed in its history state (`navigate(path, { state })`), or null when absent. */
export function stateText(state: unknown, name: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

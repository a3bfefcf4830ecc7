/** A same-origin path to continue to after signing in, or null when the value is missing or points elsewhere. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The sign-in page that comes back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  return `/login/?next=${encodeURIComponent(returnTo)}`;
}

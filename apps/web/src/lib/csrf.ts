const csrfCookieName = 'adloom_csrf';

/** The value of a cookie readable by the page, or null when it is not set. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return null;
}

/** The CSRF header every cookie-authenticated request sends (empty when signed out, as there is no cookie). */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie(csrfCookieName);
  return token ? { 'x-csrf-token': token } : {};
}

/**
 * The renderer's address in the desktop app: a custom, privileged scheme rather than file://, so
 * the page has a real origin, a CSP header, and no reach into the file system.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'cashdesk';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}

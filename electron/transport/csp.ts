/**
 * The renderer's Content-Security-Policy, sent with every file of the built renderer by both
 * transports (the app:// protocol and the browser host). `script-src 'self'` without
 * 'unsafe-eval' is why nothing in the renderer may compile code at run time (no eval-based
 * validators); inline styles stay allowed because React's `style` props need them.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every renderer file, whichever transport serves it. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // A new build must be picked up at the next start; the files are local, so revalidating is free.
  'Cache-Control': 'no-cache',
};

import { describe, expect, it } from 'vitest';
import { RENDERER_CSP, RENDERER_HEADERS } from '../transport/csp.js';
import { windowOptions } from './window-options.js';

const options = windowOptions({ preload: '/app/dist/electron/preload.cjs', devTools: false });
const web = options.webPreferences ?? {};

describe('the window options', () => {
  it('isolate the page: context isolation, sandbox, no Node, web security on', () => {
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
    expect(web.experimentalFeatures).toBe(false);
  });

  it('allow no webview and no spellchecker', () => {
    expect(web.webviewTag).toBe(false);
    expect(web.spellcheck).toBe(false);
  });

  it('load the bundled preload given to them', () => {
    expect(web.preload).toBe('/app/dist/electron/preload.cjs');
  });

  it('turn developer tools on only when asked', () => {
    expect(web.devTools).toBe(false);
    expect(windowOptions({ preload: 'p', devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('fit a 1366×768 till and never shrink below 1024×700', () => {
    expect(options.width).toBeLessThanOrEqual(1366);
    expect(options.height).toBeLessThanOrEqual(768);
    expect(options.minWidth).toBe(1024);
    expect(options.minHeight).toBe(700);
  });

  it('stay hidden until painted, on a background colour', () => {
    expect(options.show).toBe(false);
    expect(options.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe('the renderer CSP', () => {
  const directives = new Map(
    RENDERER_CSP.split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([k, ...v]) => [k, v]),
  );

  it("allows scripts from 'self' only: no eval, no inline scripts, no remote code", () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });

  it('lets the page connect only to its own origin, where the bridge is', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });

  it('forbids plugins, base rewriting and framing', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('is exactly the policy of the design', () => {
    expect(RENDERER_CSP).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('goes out with nosniff on every renderer file', () => {
    expect(RENDERER_HEADERS['Content-Security-Policy']).toBe(RENDERER_CSP);
    expect(RENDERER_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });
});

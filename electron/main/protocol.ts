/** Puts the built renderer on app://cashdesk/ (see app-url.ts for why not file://). */
import { protocol, type Session } from 'electron';
import { APP_SCHEME } from './app-url.js';
import { appProtocolResponse } from './protocol-handler.js';

/** Must run before the app is ready: a standard, secure scheme gets an origin, fetch and storage. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

export function serveRenderer(session: Session, rendererDir: string): void {
  session.protocol.handle(APP_SCHEME, (request) => appProtocolResponse(request, rendererDir));
}

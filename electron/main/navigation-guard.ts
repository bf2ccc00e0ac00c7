/**
 * The interface is one page at app://cashdesk: nothing in it may take a frame elsewhere. Every way
 * a navigation starts is guarded, not only `will-navigate`: a subframe (`will-frame-navigate`,
 * which also fires for the main frame) and a server redirect during any navigation
 * (`will-redirect`). Anything but the app's own origin is cancelled. Plain code over a small
 * interface, so it is tested without Electron.
 */
import { isAppUrl } from './app-url.js';

/** What Electron passes these events (Electron >= 25): the target URL on the event itself. */
export interface NavigationEvent {
  readonly url: string;
  preventDefault(): void;
}

export const GUARDED_NAVIGATION_EVENTS = ['will-navigate', 'will-frame-navigate', 'will-redirect'] as const;

/** The part of Electron's WebContents this needs (one signature per event, as Electron declares them). */
export interface NavigableContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
}

/** Cancels a navigation that leaves the app's own origin; says whether it let it go on. */
export function guardNavigation(event: NavigationEvent): boolean {
  if (isAppUrl(event.url)) return true;
  event.preventDefault();
  return false;
}

export function guardNavigations(contents: NavigableContents): void {
  contents.on('will-navigate', guardNavigation);
  contents.on('will-frame-navigate', guardNavigation);
  contents.on('will-redirect', guardNavigation);
}

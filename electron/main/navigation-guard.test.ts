import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { GUARDED_NAVIGATION_EVENTS, guardNavigation, guardNavigations, type NavigationEvent } from './navigation-guard.js';

const attempt = (url: string) => {
  const event = { url, prevented: false, preventDefault: () => undefined } as NavigationEvent & { prevented: boolean };
  event.preventDefault = () => {
    event.prevented = true;
  };
  return event;
};

describe('the navigation guard', () => {
  it.each([
    'https://evil.example/',
    'http://127.0.0.1:8787/',
    'file:///etc/passwd',
    'app://other/index.html',
    'app://cashdesk.evil.example/index.html',
    'data:text/html,<script>1</script>',
    'javascript:alert(1)',
    'about:blank',
    'not a url',
  ])('cancels a navigation to %s', (url) => {
    const event = attempt(url);
    expect(guardNavigation(event)).toBe(false);
    expect(event.prevented).toBe(true);
  });

  it("lets the app's own pages load", () => {
    const event = attempt('app://cashdesk/index.html#/sale');
    expect(guardNavigation(event)).toBe(true);
    expect(event.prevented).toBe(false);
  });

  it('guards navigations of any frame and server redirects, not only will-navigate', () => {
    expect([...GUARDED_NAVIGATION_EVENTS]).toEqual(['will-navigate', 'will-frame-navigate', 'will-redirect']);
    const contents = new EventEmitter();
    guardNavigations(contents);
    for (const name of GUARDED_NAVIGATION_EVENTS) {
      const away = attempt('https://evil.example/');
      contents.emit(name, away);
      expect(away.prevented, name).toBe(true);
      const home = attempt('app://cashdesk/index.html');
      contents.emit(name, home);
      expect(home.prevented, name).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from './external-links.js';

describe('isAllowedExternalUrl', () => {
  it('allows https links to the listed hosts', () => {
    expect(isAllowedExternalUrl('https://cabinet.tax.gov.ua/')).toBe(true);
    expect(isAllowedExternalUrl('https://tax.gov.ua/some/page?q=1#x')).toBe(true);
  });

  it.each([
    'http://tax.gov.ua/',
    'https://tax.gov.ua.evil.example/',
    'https://evil.example/?https://tax.gov.ua',
    'https://tax.gov.ua@evil.example/',
    'https://user:pw@tax.gov.ua/',
    'https://tax.gov.ua:8443/',
    'file:///C:/Windows/System32/calc.exe',
    'ms-settings:',
    'javascript:alert(1)',
    'app://cashdesk/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});

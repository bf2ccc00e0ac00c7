/**
 * Which links may leave the app for the system browser. The interface never opens windows of its
 * own; a link it offers outside (the tax service's cabinet, for instance) must be https and on a
 * host listed here. Add a host when the interface gains a link to it.
 */
const EXTERNAL_HOSTS: readonly string[] = ['tax.gov.ua', 'cabinet.tax.gov.ua'];

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_HOSTS): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  // Credentials in a link are a classic way to disguise its real host.
  return u.protocol === 'https:' && u.username === '' && u.password === '' && u.port === '' && hosts.includes(u.hostname);
}

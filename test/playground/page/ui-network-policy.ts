// The network policy Figma puts on a plugin's UI iframe: with `networkAccess` in the manifest,
// the iframe may only reach the allowed domains ("Figma blocks the requests and throws
// content-security policy (CSP) errors"). The playground writes the same rule as a CSP <meta>
// at the top of the UI's HTML, so a request to an unlisted host fails here as in Figma.

/**
 * The Content-Security-Policy for the UI, from the manifest's domains (Figma's syntax is CSP
 * source syntax: "https://api.example.com", "*.example.com", "example.com/api/"). The UI's
 * own inline scripts, styles and data:/blob: URLs keep working.
 */
export function uiContentSecurityPolicy(allowedDomains: readonly string[]): string {
  const origins = allowedDomains.filter((entry) => entry !== 'none' && /^[a-z0-9.*:/_%-]+$/i.test(entry));
  const list = (extra: string) => [extra, ...origins].filter((part) => part !== '').join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src ${list("'unsafe-inline' 'unsafe-eval' data: blob:")}`,
    `style-src ${list("'unsafe-inline' data: blob:")}`,
    `font-src ${list('data: blob:')}`,
    `img-src ${list('data: blob:')}`,
    `media-src ${list('data: blob:')}`,
    `connect-src ${list('')}`,
    `frame-src ${list('')}`,
    `worker-src ${list('blob:')}`,
  ].join('; ');
}

/** `html` with the policy as the first element of its <head> (before any script can run). */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${meta}${html.slice(head.index + head[0].length)}`;
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag) return `${html.slice(0, htmlTag.index + htmlTag[0].length)}<head>${meta}</head>${html.slice(htmlTag.index + htmlTag[0].length)}`;
  return `${meta}${html}`;
}

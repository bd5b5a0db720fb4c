// Figma's sandbox has no `URL` class, so shared code parses the few URLs it needs by hand.

export interface HttpUrl {
  protocol: 'http:' | 'https:';
  /** Lower-cased host name; IPv6 addresses keep their brackets. */
  hostname: string;
  /** The port as written, or '' for the scheme's default. */
  port: string;
  /** `protocol//hostname[:port]`, lower-cased, without default ports. */
  origin: string;
  /** The path, starting with `/` (or '' when absent). */
  path: string;
  query: string;
  fragment: string;
  hasCredentials: boolean;
}

const URL_PATTERN = /^(https?):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;
const HOST_PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/** Parses an absolute http(s) URL, or returns null. */
export function parseHttpUrl(input: string): HttpUrl | null {
  const match = URL_PATTERN.exec(input.trim());
  if (!match) return null;
  const [, scheme = '', authority = '', path = '', query = '', fragment = ''] = match;
  const hasCredentials = authority.includes('@');
  const hostPart = authority.slice(authority.lastIndexOf('@') + 1);
  const host = HOST_PATTERN.exec(hostPart);
  if (!host || !host[1] || host[1].startsWith('.') || host[1].includes('..')) return null;
  const normalizedProtocol: HttpUrl['protocol'] = scheme.toLowerCase() === 'https' ? 'https:' : 'http:';
  const hostname = host[1].toLowerCase();
  const rawPort = host[2] ?? '';
  if (rawPort !== '' && Number(rawPort) > 65535) return null;
  const isDefault = (normalizedProtocol === 'https:' && rawPort === '443') || (normalizedProtocol === 'http:' && rawPort === '80');
  const port = isDefault ? '' : rawPort;
  return {
    protocol: normalizedProtocol,
    hostname,
    port,
    origin: `${normalizedProtocol}//${hostname}${port ? `:${port}` : ''}`,
    path,
    query,
    fragment,
    hasCredentials,
  };
}

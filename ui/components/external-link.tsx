// A link that opens outside the plugin, in the person's browser. Addresses come from the
// library's answers, so only http(s) ones become links: a `javascript:` or `data:` address
// (a damaged or hostile answer) shows as plain text rather than something to click.
import type { ComponentChildren } from 'preact';
import { parseHttpUrl } from '../../src/shared/validation/http-url';

/** The address when it is an http(s) URL, else null. */
export function webUrl(address: string | null | undefined): string | null {
  return address && parseHttpUrl(address) !== null ? address : null;
}

export function ExternalLink({ href, children }: { href: string | null | undefined; children: ComponentChildren }) {
  const url = webUrl(href);
  return url === null ? (
    <span>{children}</span>
  ) : (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

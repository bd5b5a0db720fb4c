// The rules an email's HTML is shown under, inside its own sandboxed frame: no script, no form,
// no frame, no plugin; images only from the library's hosts. Pure, so it is tested alone.

/** The origins (scheme://host[:port]) of the given URLs, each once; unparseable ones are left out. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const origin = new URL(url).origin;
      if (origin !== 'null') origins.add(origin);
    } catch {
      // Not a URL: allows nothing.
    }
  }
  return [...origins];
}

export function previewContentSecurityPolicy(imageOrigins: readonly string[]): string {
  const images = imageOrigins.length > 0 ? imageOrigins.join(' ') : "'none'";
  return [
    "default-src 'none'",
    `img-src ${images}`,
    "style-src 'unsafe-inline'",
    "script-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "connect-src 'none'",
  ].join('; ');
}

/** Elements taken out of a preview whatever they contain (SVG's set and animate can give a link an address once shown). */
export const REMOVED_ELEMENTS = 'script,noscript,iframe,frame,frameset,object,embed,applet,form,base,meta,link,portal,template,set,animate';

// An email's HTML made safe to show: parsed without running anything (DOMParser), stripped of
// scripts, frames, forms, refresh and base tags, event handlers and links, then given the
// preview's Content-Security-Policy first in its head. The sandboxed frame is the real wall;
// this keeps the email from even trying.
import { previewContentSecurityPolicy, REMOVED_ELEMENTS } from './preview-policy';

export function safeEmailDocument(html: string, imageOrigins: readonly string[]): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of Array.from(doc.querySelectorAll(REMOVED_ELEMENTS))) element.remove();
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || name === 'formaction' || name === 'target' || name === 'ping' || value.startsWith('javascript:') || value.startsWith('vbscript:')) {
        element.removeAttribute(attribute.name);
      }
    }
    // Links are shown, not followed: nothing in the email navigates the preview or the plugin
    // (an SVG link's `xlink:href` too: its local name is `href`).
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.localName !== 'href') continue;
      if (!element.hasAttribute('title')) element.setAttribute('title', attribute.value);
      element.removeAttributeNode(attribute);
    }
  }
  const meta = doc.createElement('meta');
  meta.setAttribute('http-equiv', 'Content-Security-Policy');
  meta.setAttribute('content', previewContentSecurityPolicy(imageOrigins));
  doc.head.prepend(meta);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

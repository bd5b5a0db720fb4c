// Cleaned, render-safe email HTML: simple table-based markup, no scripts, no remote assets.
import type { Brand, Email } from './model';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const hex = ([r, g, b]: readonly [number, number, number]): string =>
  `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;

export function renderEmailHtml(email: Email, brand: Brand): string {
  const color = hex(brand.color);
  const name = escapeHtml(brand.name);
  const paragraphs = Math.max(1, Math.min(4, Math.round(email.wordCount / 150)));
  const body = Array.from(
    { length: paragraphs },
    (_, i) =>
      `<tr><td style="padding:8px 32px;font:15px/1.5 Arial,sans-serif;color:#333333;">Paragraph ${i + 1} of this ${name} email: ` +
      `news, products and offers written for subscribers.</td></tr>`,
  ).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="background:#ffffff;">
<tr><td style="background:${color};padding:24px 32px;font:bold 22px Arial,sans-serif;color:#ffffff;">${name}</td></tr>
<tr><td style="padding:32px 32px 8px;font:bold 26px/1.3 Arial,sans-serif;color:#111111;">${escapeHtml(email.title)}</td></tr>
${body}
<tr><td style="padding:24px 32px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="background:${color};border-radius:4px;padding:12px 24px;font:bold 15px Arial,sans-serif;color:#ffffff;">Shop now</td>
</tr></table></td></tr>
<tr><td style="padding:24px 32px;font:12px/1.5 Arial,sans-serif;color:#888888;">You are receiving this email because you subscribed to ${name}. Unsubscribe at any time.</td></tr>
</table></td></tr></table>
</body></html>`;
}

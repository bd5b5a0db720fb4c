// Copies text to the clipboard from the plugin's iframe. Figma loads the UI in a null-origin
// iframe where `navigator.clipboard` is often missing or refused; a selected, off-screen
// textarea and `execCommand('copy')` still work there. Resolves whether it worked.
export async function copyTextAsync(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions policy): try the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  let copied: boolean;
  try {
    // Deprecated but the only way left in a null-origin iframe.
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus();
  return copied;
}

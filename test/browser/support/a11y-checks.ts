// The checks the accessibility sweeps run on a state of the plugin's window: axe-core's WCAG 2.2
// AA rules and doubled announcements, field boundaries (1.4.11, which axe does not check), and a
// keyboard walk (Tab reaches every control, each with a visible focus).
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolationsAsync } from './axe';

/**
 * Messages a screen reader would hear twice: a live region (status, alert, aria-live) inside
 * another, or the same words in a status and in an alert.
 */
function doubleAnnouncementsAsync(ui: Frame): Promise<string[]> {
  return ui.evaluate(() => {
    const live = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';
    const regions = [...document.querySelectorAll(live)].filter((region) => region.getClientRects().length > 0 && (region.textContent ?? '').trim() !== '');
    const problems: string[] = [];
    for (const region of regions) {
      const outer = region.parentElement?.closest(live);
      if (outer) problems.push(`“${(region.textContent ?? '').trim().slice(0, 60)}” is in a live region inside another`);
    }
    const said = (role: string) => regions.filter((region) => region.getAttribute('role') === role).map((region) => (region.textContent ?? '').trim());
    const alerts = said('alert');
    for (const text of said('status')) if (alerts.includes(text)) problems.push(`“${text.slice(0, 60)}” is both a status and an alert`);
    return problems;
  });
}

/** axe's WCAG 2.2 AA violations and doubled announcements on what the window shows now, reported under the state's name (all states of a test are reported, not only the first). */
export async function checkAxeAsync(ui: Frame, what: string): Promise<void> {
  expect.soft(await axeViolationsAsync(ui), what).toEqual([]);
  expect.soft(await doubleAnnouncementsAsync(ui), `announcements: ${what}`).toEqual([]);
}

type Rgba = [number, number, number, number];

/** Colour arithmetic in the frame's window (WCAG's luminance and contrast), put there once per document. */
interface ColourTools {
  /** Any computed colour (color(srgb …) from color-mix too) as pixels, by the browser's own parser. */
  rgba: (css: string) => Rgba;
  over: (top: Rgba, below: Rgba) => Rgba;
  /** The opaque colour showing behind an element: its own and its ancestors' backgrounds, over white. */
  behind: (element: Element | null) => Rgba;
  contrast: (a: Rgba, b: Rgba) => number;
  /** A focus ring's (outline's or box-shadow's) contrast with what it is drawn on (the element's fill for an inset one), or null without a ring. */
  ring: (element: Element) => number | null;
}

async function installColourToolsAsync(ui: Frame): Promise<void> {
  await ui.evaluate(() => {
    if ('envelopeColourTools' in window) return;
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): Rgba => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
    const behind = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
      return layers.reverse().reduce((below, top) => over(top, below), [255, 255, 255, 1] as Rgba);
    };
    const luminance = ([r, g, b]: Rgba) => [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: Rgba, b: Rgba) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (high! + 0.05) / (low! + 0.05);
    };
    const ring = (element: Element): number | null => {
      const style = getComputedStyle(element);
      // A transparent outline is there for forced colours only (they paint it in a system colour): otherwise the shadow is the mark.
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && rgba(style.outlineColor)[3] > 0;
      if (!outline && style.boxShadow === 'none') return null;
      // A shadow of two rings (a gap, then the ring): the outer one is the mark.
      const shadows = [...style.boxShadow.matchAll(/(rgba?\([^)]*\)|color\([^)]*\))/g)].map((match) => match[1]!);
      const colour = outline ? style.outlineColor : (shadows.at(-1) ?? style.boxShadow);
      const inset = outline ? parseFloat(style.outlineOffset) < 0 : style.boxShadow.includes('inset');
      const ground = behind(inset ? element : element.parentElement);
      return contrast(over(rgba(colour), ground), ground);
    };
    const tools: ColourTools = { rgba, over, behind, contrast, ring };
    Object.assign(window, { envelopeColourTools: tools });
  });
}

/**
 * Text fields, menus and checkboxes whose edge does not stand out from what is behind them by
 * 3:1 (WCAG 1.4.11), neither by their border nor by their own fill. axe does not check this.
 */
async function weakBoundariesAsync(ui: Frame): Promise<string[]> {
  await installColourToolsAsync(ui);
  return ui.evaluate(() => {
    const { rgba, over, behind, contrast } = (window as unknown as { envelopeColourTools: ColourTools }).envelopeColourTools;
    const weak: string[] = [];
    document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), select, textarea').forEach((element) => {
      if (element.getClientRects().length === 0 || (element as HTMLInputElement).disabled) return;
      const style = getComputedStyle(element);
      const outside = behind(element.parentElement);
      const fill = over(rgba(style.backgroundColor), outside);
      const edge = parseFloat(style.borderTopWidth) > 0 ? over(rgba(style.borderTopColor), outside) : fill;
      const best = Math.max(contrast(edge, outside), contrast(fill, outside));
      if (best < 3) weak.push(`${element.tagName.toLowerCase()}#${element.id} ${best.toFixed(2)}:1`);
    });
    return weak;
  });
}

export async function checkBoundariesAsync(ui: Frame, what: string): Promise<void> {
  expect.soft(await weakBoundariesAsync(ui), `field boundaries: ${what}`).toEqual([]);
}

/**
 * Marks that carry a state or a quantity (a pressed segment, a chart's bars) and do not stand out
 * 3:1 (WCAG 1.4.11) from what is behind them by any of their edge, their fill or their SVG paint;
 * with how many were measured, so that a check of nothing does not pass.
 */
export async function weakMarksAsync(ui: Frame, selector: string): Promise<{ measured: number; weak: string[] }> {
  await installColourToolsAsync(ui);
  return ui.evaluate((marks) => {
    const { rgba, over, behind, contrast } = (window as unknown as { envelopeColourTools: ColourTools }).envelopeColourTools;
    const weak: string[] = [];
    let measured = 0;
    document.querySelectorAll(marks).forEach((element) => {
      const box = element.getBoundingClientRect();
      if (box.width * box.height === 0) return;
      measured++;
      const style = getComputedStyle(element);
      const outside = behind(element.parentElement);
      const paints = [style.backgroundColor, ...(parseFloat(style.borderTopWidth) > 0 ? [style.borderTopColor] : []), ...(element instanceof SVGElement ? [style.fill] : []), ...(element instanceof HTMLInputElement && style.accentColor !== 'auto' ? [style.accentColor] : [])];
      const best = Math.max(...paints.map((paint) => contrast(over(rgba(paint), outside), outside)));
      if (best < 3) weak.push(`${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} “${(element.textContent ?? '').trim().slice(0, 20)}” ${best.toFixed(2)}:1`);
    });
    return { measured, weak };
  }, selector);
}

/** How a filled control reads: its fill's opacity (0: no fill of its own) and its text against that fill as WCAG's contrast ratio. */
export interface FillContrast {
  fillAlpha: number;
  textOnFill: number;
  /** The fill against what is behind the control, as WCAG's contrast ratio (1 with no fill). */
  fillOnGround: number;
  /** The control's focus ring against what it is drawn on, or null when it shows none. */
  ring: number | null;
}

export async function fillContrastAsync(ui: Frame, control: Locator): Promise<FillContrast> {
  await installColourToolsAsync(ui);
  return control.evaluate((element) => {
    const { rgba, over, behind, contrast, ring } = (window as unknown as { envelopeColourTools: ColourTools }).envelopeColourTools;
    const style = getComputedStyle(element);
    const fillColour = rgba(style.backgroundColor);
    const ground = behind(element.parentElement);
    const fill = over(fillColour, ground);
    return { fillAlpha: fillColour[3], textOnFill: contrast(over(rgba(style.color), fill), fill), fillOnGround: contrast(fill, ground), ring: ring(element) };
  });
}

/**
 * A segmented control's two marks, as designed: `pressed` (on, without the keyboard) is filled 3:1
 * from the control, its words readable on the fill, with no ring; `focused` (off, with the keyboard)
 * has no fill and the focus ring 3:1 from the control, its words readable. Then, in forced colours,
 * the one on keeps a fill of its own (the system's selection colour) and the one with the keyboard
 * an outline. Soft, under `what`.
 */
export async function expectSegmentMarksAsync(page: Page, ui: Frame, pressed: Locator, focused: Locator, what: string): Promise<void> {
  expect(await focused.evaluate((element) => element === document.activeElement), `${what}: the keyboard is on the control measured as focused`).toBe(true);
  const on = await fillContrastAsync(ui, pressed);
  const ringed = await fillContrastAsync(ui, focused);
  expect.soft(on.ring, `${what}: no ring on the one that is on`).toBeNull();
  expect.soft(on.fillAlpha, `${what}: a fill of its own on the one that is on`).toBeGreaterThan(0.5);
  expect.soft(on.fillOnGround, `${what}: the fill of the one that is on, against the control`).toBeGreaterThanOrEqual(3);
  expect.soft(on.textOnFill, `${what}: its words on the fill`).toBeGreaterThanOrEqual(4.5);
  expect.soft(ringed.fillAlpha, `${what}: no fill on the one with the keyboard`).toBe(0);
  expect.soft(ringed.ring, `${what}: the focus ring, against the control`).toBeGreaterThanOrEqual(3);
  expect.soft(ringed.textOnFill, `${what}: the words of the one with the keyboard`).toBeGreaterThanOrEqual(4.5);
  const forcedLook = (control: Locator) => control.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, outline: getComputedStyle(element).outlineStyle }));
  await page.emulateMedia({ forcedColors: 'active' });
  try {
    const forcedOn = await forcedLook(pressed);
    const forcedFocused = await forcedLook(focused);
    expect.soft(forcedOn.outline, `${what}, forced colours: no outline on the one that is on`).toBe('none');
    expect.soft(forcedFocused.outline, `${what}, forced colours: an outline on the one with the keyboard`).not.toBe('none');
    expect.soft(forcedOn.background, `${what}, forced colours: the one that is on filled apart`).not.toBe(forcedFocused.background);
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}

/**
 * The contrast of a progress bar's filled part with its track, read from its pixels (a bar's
 * `::-webkit-progress-value` has no computed style to read). The bar must be partly filled.
 */
export async function progressContrastAsync(ui: Frame, progress: Locator): Promise<number> {
  await installColourToolsAsync(ui);
  const png = (await progress.screenshot({ animations: 'disabled' })).toString('base64');
  return ui.evaluate(async (base64) => {
    const { contrast } = (window as unknown as { envelopeColourTools: ColourTools }).envelopeColourTools;
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    // Away from the rounded ends: the filled start and the empty end, half-way down.
    const pixel = (x: number): Rgba => {
      const [r, g, b] = context.getImageData(x, Math.floor(bitmap.height / 2), 1, 1).data;
      return [r!, g!, b!, 1];
    };
    return contrast(pixel(3), pixel(bitmap.width - 4));
  }, png);
}

/** Where the keyboard is in the window: the element's tag and name, or "body" when the focus was lost. */
export function focusedAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

interface WalkResult {
  /** Controls on screen that Tab never reached. */
  missed: string[];
  /** Controls Tab reached that showed no focus (no visible outline, no box-shadow). */
  unmarked: string[];
  /** Controls whose focus ring stands out less than 3:1 from what it is drawn on (WCAG 1.4.11), with the ratio. */
  faint: string[];
  /** What Tab reached, in order (to read a failure by). */
  order: string[];
}

/**
 * Starts from the top of the window and presses Tab until the focus leaves it or comes round
 * again, noting each control reached and whether it shows a focus ring; then compares with every
 * visible, enabled control in the window.
 */
async function keyboardWalkAsync(page: Page, ui: Frame): Promise<WalkResult> {
  await installColourToolsAsync(ui);
  const controls = await ui.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[hidden], [inert]');
    };
    const names: string[] = [];
    document.querySelectorAll(selector).forEach((element, index) => {
      element.removeAttribute('data-walk');
      if ((element as HTMLButtonElement).disabled || !visible(element)) return;
      if (element.matches('[tabindex="-1"]')) return;
      element.setAttribute('data-walk', String(index));
      names.push(`${index} ${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`);
    });
    // Tab starts after the focused element, even a blurred one: start from the window's top.
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.setAttribute('data-walk-start', '');
    document.body.prepend(start);
    start.focus();
    return names;
  });
  const reached = new Set<string>();
  const unmarked: string[] = [];
  const faint: string[] = [];
  for (let press = 0; press < controls.length + 20; press++) {
    await page.keyboard.press('Tab');
    const at = await ui.evaluate(async () => {
      // What the person sees once the window has drawn (a mark may follow the focus by a task).
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const active = document.activeElement;
      if (!active || active === document.body || !document.hasFocus()) return null;
      const ringContrast = (window as unknown as { envelopeColourTools: ColourTools }).envelopeColourTools.ring;
      // A grid that keeps the focus itself marks its active cell or that cell's row instead (aria-activedescendant).
      const descendant = active.getAttribute('aria-activedescendant');
      let ring = ringContrast(active);
      for (let marked = descendant ? document.getElementById(descendant) : null; ring === null && marked && marked !== active; marked = marked.parentElement) ring = ringContrast(marked);
      // An email's frame is zoomed to fit: the box around it draws its ring, unzoomed.
      if (ring === null && active.tagName === 'IFRAME' && active.parentElement) ring = ringContrast(active.parentElement);
      const walk = active.getAttribute('data-walk');
      return { id: walk === null ? `? ${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}` : walk, ring };
    });
    if (at === null) break;
    const name = controls.find((control) => control.startsWith(`${at.id} `)) ?? at.id;
    // A date field takes a Tab per part (day, month, year): the same control again in a row.
    if (name === [...reached].at(-1)) continue;
    if (reached.has(name)) break;
    reached.add(name);
    if (at.ring === null) unmarked.push(name);
    else if (at.ring < 3) faint.push(`${name} ${at.ring.toFixed(2)}:1`);
  }
  await ui.evaluate(() => document.querySelector('[data-walk-start]')?.remove());
  return { missed: controls.filter((control) => !reached.has(control)), unmarked, faint, order: [...reached] };
}

export async function checkKeyboardAsync(page: Page, ui: Frame, what: string): Promise<void> {
  const { missed, unmarked, faint, order } = await keyboardWalkAsync(page, ui);
  expect.soft({ missed, unmarked, faint }, `keyboard walk: ${what}; Tab went ${order.join(' → ')}`).toEqual({ missed: [], unmarked: [], faint: [] });
}

/** Whether the keyboard's place is an alert, holds one or is in one (a screen reader then says its words twice). */
export const keyboardOnAlert = (ui: Frame) =>
  ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    if (active.closest('[role="alert"]')) return 'in an alert';
    if (active.querySelector('[role="alert"]')) return 'holds an alert';
    return 'no';
  });

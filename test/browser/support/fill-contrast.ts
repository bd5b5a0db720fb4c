// How a filled control reads: whether it has a fill, and its text against that fill as WCAG's
// contrast ratio, from the colours the browser computed (color-mix too, read back through a canvas).
import type { Locator } from 'playwright-core';

export interface FillContrast {
  /** The fill's opacity: 0 for a control with no fill of its own. */
  fillAlpha: number;
  textOnFill: number;
}

export function fillContrastAsync(control: Locator): Promise<FillContrast> {
  return control.evaluate((element) => {
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): number[] => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1);
    const behind = (from: Element | null) => {
      const layers: number[][] = [];
      for (let at = from; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
      return layers.reverse().reduce((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = (colour: number[]) => colour.slice(0, 3).reduce((sum, c, i) => sum + (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4) * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: number[], b: number[]) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (high! + 0.05) / (low! + 0.05);
    };
    const style = getComputedStyle(element);
    const fillColour = rgba(style.backgroundColor);
    const fill = over(fillColour, behind(element.parentElement));
    return { fillAlpha: fillColour[3]!, textOnFill: contrast(over(rgba(style.color), fill), fill) };
  });
}

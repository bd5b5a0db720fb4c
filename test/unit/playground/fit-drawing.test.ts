import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundsOf, fitDrawing, nextZoom, placeAtScale } from '../../playground/page/fit-drawing';

describe('fitDrawing', () => {
  it('never enlarges a small page', () => {
    const fit = fitDrawing([{ x: 100, y: 50, width: 200, height: 100 }], { width: 1000, height: 800, padding: 40 });
    expect(fit.scale).toBe(1);
    expect(100 * fit.scale + fit.offsetX).toBe(40);
    expect(50 * fit.scale + fit.offsetY).toBe(40);
  });

  it('shrinks a wide page to the available width', () => {
    const fit = fitDrawing(
      [
        { x: 0, y: 0, width: 600, height: 400 },
        { x: 1400, y: 0, width: 600, height: 400 },
      ],
      { width: 1080, height: 800, padding: 40 },
    );
    expect(fit.scale).toBeCloseTo(0.5);
  });

  it('stops at the minimum scale and lets the drawing overflow', () => {
    const fit = fitDrawing([{ x: 0, y: 0, width: 100_000, height: 10 }], { width: 500, height: 500, padding: 0, minScale: 0.2 });
    expect(fit.scale).toBe(0.2);
  });

  it('puts every box inside the area whenever the minimum scale allows it', () => {
    const box = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
      width: fc.integer({ min: 0, max: 3000 }),
      height: fc.integer({ min: 0, max: 3000 }),
    });
    fc.assert(
      fc.property(fc.array(box, { minLength: 1, maxLength: 8 }), fc.integer({ min: 200, max: 2000 }), fc.integer({ min: 200, max: 2000 }), (boxes, width, height) => {
        const padding = 20;
        const fit = fitDrawing(boxes, { width, height, padding });
        expect(fit.scale).toBeGreaterThan(0);
        expect(fit.scale).toBeLessThanOrEqual(1);
        for (const b of boxes) {
          expect(b.x * fit.scale + fit.offsetX).toBeGreaterThanOrEqual(padding - 1e-6);
          expect(b.y * fit.scale + fit.offsetY).toBeGreaterThanOrEqual(padding - 1e-6);
          expect((b.x + b.width) * fit.scale + fit.offsetX).toBeLessThanOrEqual(width - padding + 1e-6);
          expect((b.y + b.height) * fit.scale + fit.offsetY).toBeLessThanOrEqual(height - padding + 1e-6);
        }
      }),
    );
  });

  it('has no bounds for no boxes and places nothing', () => {
    expect(boundsOf([])).toBeNull();
    expect(fitDrawing([], { width: 100, height: 100, padding: 10 })).toEqual({ scale: 1, offsetX: 10, offsetY: 10 });
  });
});

describe('zooming', () => {
  it('places the drawing at the chosen scale from the top left', () => {
    const fit = placeAtScale([{ x: 100, y: 200, width: 50, height: 50 }], 2, 10);
    expect(fit).toEqual({ scale: 2, offsetX: 10 - 200, offsetY: 10 - 400 });
  });

  it('steps in and out between 10 % and 300 %', () => {
    expect(nextZoom(0.21, 'in')).toBe(0.25);
    expect(nextZoom(0.21, 'out')).toBe(0.1);
    expect(nextZoom(1, 'in')).toBe(1.5);
    expect(nextZoom(1, 'out')).toBe(0.75);
    expect(nextZoom(3, 'in')).toBe(3);
    expect(nextZoom(0.1, 'out')).toBe(0.1);
  });
});

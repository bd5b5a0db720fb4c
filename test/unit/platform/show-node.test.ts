// Show (a reference from the check, a template's frame from Open) brings the node into view as a
// designer can read it: a tall email is not shrunk to a strip; a small node is zoomed to fit, as before.
import { describe, expect, it } from 'vitest';
import { showNodeAsync } from '../../../src/platform/show-node';
import { createFakeFigma } from '../../fake-figma/index';

function setup(width: number, height: number) {
  const fake = createFakeFigma();
  const page = fake.figma.createPage();
  const frame = fake.figma.createFrame();
  page.appendChild(frame);
  frame.resize(width, height);
  frame.x = 5_000;
  frame.y = -3_000;
  fake.figma.viewport.center = { x: 0, y: 0 };
  fake.figma.viewport.zoom = 1;
  return { fake, page, frame };
}

describe('showNodeAsync', () => {
  it('shows a 12,000 px email at the zoom the person had, its top and both sides on screen, on its page and selected', async () => {
    const { fake, page, frame } = setup(600, 12_000);
    await showNodeAsync(fake.figma, page, frame);
    expect(fake.figma.currentPage).toBe(page);
    expect(page.selection).toEqual([frame]);
    // Shift-2 gave about 0.07: a strip 40 px wide.
    expect(fake.figma.viewport.zoom).toBe(1);
    const view = fake.figma.viewport.bounds;
    expect(frame.x >= view.x && frame.x + frame.width <= view.x + view.width).toBe(true);
    expect(frame.y >= view.y && frame.y < view.y + view.height / 4).toBe(true);
  });

  it('zooms out only as far as a wide frame’s width needs', async () => {
    const { fake, page, frame } = setup(2_880, 20_000);
    await showNodeAsync(fake.figma, page, frame);
    const view = fake.figma.viewport.bounds;
    expect(fake.figma.viewport.zoom).toBeGreaterThan(0.4);
    expect(frame.x >= view.x && frame.x + frame.width <= view.x + view.width).toBe(true);
    expect(frame.y >= view.y && frame.y < view.y + view.height / 4).toBe(true);
  });

  it('zooms in to fit a small node whole, centred, as Show always did', async () => {
    const { fake, page, frame } = setup(120, 80);
    await showNodeAsync(fake.figma, page, frame);
    expect(fake.figma.viewport.zoom).toBeGreaterThan(3);
    expect(fake.figma.viewport.center).toEqual({ x: 5_060, y: -2_960 });
    const view = fake.figma.viewport.bounds;
    expect(frame.x >= view.x && frame.x + frame.width <= view.x + view.width && frame.y >= view.y && frame.y + frame.height <= view.y + view.height).toBe(true);
  });

  it('zooms a 1 px node in no further than Figma can show (25,600 %), centred on it (it asked for about 810×)', async () => {
    const { fake, page, frame } = setup(1, 1);
    await showNodeAsync(fake.figma, page, frame);
    expect(fake.figma.viewport.zoom).toBe(256);
    expect(fake.figma.viewport.center).toEqual({ x: 5_000.5, y: -2_999.5 });
  });
});

// Stars, polygons and boolean operations, as the typings describe them.
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

describe('stars and polygons', () => {
  it('creates a triangle and a five-point star with a default fill, 100 × 100, on the current page (createPolygon / createStar)', () => {
    const { figma } = createFakeFigma();
    const polygon = figma.createPolygon();
    const star = figma.createStar();
    expect([polygon.type, polygon.pointCount, polygon.width, polygon.height, polygon.parent?.type]).toEqual(['POLYGON', 3, 100, 100, 'PAGE']);
    expect([star.type, star.pointCount, star.innerRadius, star.cornerRadius, star.cornerSmoothing]).toEqual(['STAR', 5, 0.382, 0, 0]);
    expect((star.fills as Paint[]).length).toBe(1);
    star.pointCount = 7;
    star.innerRadius = 0.6;
    polygon.pointCount = 8;
    polygon.cornerRadius = 4;
    expect([star.pointCount, star.innerRadius, polygon.pointCount, polygon.cornerRadius]).toEqual([7, 0.6, 8, 4]);
  });

  it('refuses fewer than 3 points, fractions of a point and an inner radius outside 0–1 (“Must be an integer >= 3”, “between 0.0 and 1.0 inclusive”)', () => {
    const { figma } = createFakeFigma();
    const polygon = figma.createPolygon();
    const star = figma.createStar();
    expect(() => (polygon.pointCount = 2)).toThrow('in set_pointCount: Expected an integer of at least 3, got 2');
    expect(() => (star.pointCount = 4.5)).toThrow(/an integer/);
    expect(() => (star.innerRadius = 1.5)).toThrow('in set_innerRadius: Expected a number between 0 and 1, got 1.5');
    expect(() => (star.cornerSmoothing = -1)).toThrow(/between 0 and 1/);
    // Polygons have no inner radius, nor per-corner radii (CornerMixin only).
    expect(() => (polygon as unknown as Record<string, unknown>).innerRadius).toThrow(/not implemented by the fake/);
    expect(() => (star as unknown as Record<string, unknown>).topLeftRadius).toThrow(/not implemented by the fake/);
    expect([polygon.pointCount, star.pointCount, star.innerRadius]).toEqual([3, 5, 0.382]);
  });
});

describe('boolean operations', () => {
  it('combines nodes into a BooleanOperationNode holding them, at the parent and index given', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    const first = figma.createRectangle();
    const keep = figma.createRectangle();
    const circle = figma.createEllipse();
    const square = figma.createRectangle();
    frame.appendChild(first);
    frame.appendChild(keep);
    const shape = figma.subtract([square, circle], frame, 1);
    expect([shape.type, shape.booleanOperation, shape.name]).toEqual(['BOOLEAN_OPERATION', 'SUBTRACT', 'Subtract']);
    expect(frame.children.map((c) => c.id)).toEqual([first.id, shape.id, keep.id]);
    expect(shape.children.map((c) => c.id)).toEqual([square.id, circle.id]);
    expect([figma.union([figma.createStar()], frame).booleanOperation, figma.intersect([figma.createStar()], frame).booleanOperation, figma.exclude([figma.createStar()], frame).booleanOperation]).toEqual(['UNION', 'INTERSECT', 'EXCLUDE']);
    shape.booleanOperation = 'EXCLUDE';
    shape.fills = [];
    shape.strokes = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }];
    expect([shape.booleanOperation, shape.fills, shape.strokes.length]).toEqual(['EXCLUDE', [], 1]);
    expect(() => (shape.booleanOperation = 'DIFFERENCE' as 'UNION')).toThrow(/Expected one of "UNION", "INTERSECT", "SUBTRACT", "EXCLUDE"/);
  });

  it('takes its bounds from its children, whose coordinates stay in its parent’s space, and goes when its last child leaves', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    const a = figma.createRectangle();
    const b = figma.createEllipse();
    frame.appendChild(a);
    frame.appendChild(b);
    a.x = 10;
    a.y = 10;
    b.x = 50;
    b.y = 20;
    const shape = figma.union([a, b], frame);
    expect([shape.x, shape.y, shape.width, shape.height, a.x, b.x]).toEqual([10, 10, 140, 110, 10, 50]);
    frame.appendChild(a);
    frame.appendChild(b);
    expect(shape.removed).toBe(true);
  });

  it('refuses an empty list, things that are not layers and a missing parent, as figma.group does', () => {
    const { figma } = createFakeFigma();
    expect(() => figma.union([], figma.currentPage)).toThrow('in union: Expected a non-empty array of nodes to union');
    expect(() => figma.subtract([figma.currentPage], figma.currentPage)).toThrow(/scene nodes/);
    expect(() => figma.exclude([figma.createRectangle()], undefined as unknown as PageNode)).toThrow(/a parent node/);
  });

  it('reports pointCount, innerRadius and booleanOperation edits in documentchange', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    await figma.loadAllPagesAsync();
    const star = figma.createStar();
    const shape = figma.union([figma.createRectangle()], figma.currentPage);
    const properties: string[][] = [];
    await fake.settleAsync();
    figma.on('documentchange', (event) => {
      for (const change of event.documentChanges) if (change.type === 'PROPERTY_CHANGE') properties.push(change.properties);
    });
    star.pointCount = 6;
    star.innerRadius = 0.5;
    shape.booleanOperation = 'INTERSECT';
    await fake.settleAsync();
    expect(properties).toEqual([['pointCount', 'innerRadius'], ['booleanOperation']]);
  });
});

// The fake's team library: components published from another file ("Northwind Brand Library"),
// importable with figma.importComponentByKeyAsync; their instances are library instances.
import type { FakeFigma } from './index';

export const NORTHWIND_LIBRARY = {
  fileName: 'Northwind Brand Library',
  logoLockupKey: '5b1f0c2e9d8a47b3a6e4c1d2f0e9b8a7c6d5e4f3',
  socialBadgeKey: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b',
} as const;

/** Publishes the default library components into a fake (called by createFakeFigma). */
export function publishDefaultLibrary(fake: Pick<FakeFigma, 'createRemoteComponent'>): void {
  fake.createRemoteComponent({
    name: 'Brand/Logo lockup',
    key: NORTHWIND_LIBRARY.logoLockupKey,
    width: 160,
    height: 40,
    description: 'Northwind Goods logo lockup: mark and word mark. Published from the Northwind Brand Library.',
    build(component, figma) {
      const mark = figma.createEllipse();
      mark.name = 'Mark';
      mark.resize(32, 32);
      mark.x = 4;
      mark.y = 4;
      mark.fills = [{ type: 'SOLID', color: { r: 0.11, g: 0.3, b: 0.24 } }];
      component.appendChild(mark);
      const word = figma.createText();
      word.name = 'Word mark';
      word.characters = 'NORTHWIND';
      word.fontSize = 18;
      word.x = 44;
      word.y = 9;
      component.appendChild(word);
    },
  });
  fake.createRemoteComponent({
    name: 'Social/Badge',
    key: NORTHWIND_LIBRARY.socialBadgeKey,
    width: 24,
    height: 24,
    description: 'Round social network badge.',
    build(component, figma) {
      const circle = figma.createEllipse();
      circle.name = 'Circle';
      circle.resize(24, 24);
      circle.fills = [{ type: 'SOLID', color: { r: 0.2, g: 0.2, b: 0.2 } }];
      component.appendChild(circle);
    },
  });
}

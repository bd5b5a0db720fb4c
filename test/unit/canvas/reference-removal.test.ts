// Why Figma refused to remove a reference, in words (src/canvas/reference-removal.ts).
import { describe, expect, it } from 'vitest';
import { removalProblem } from '../../../src/canvas/reference-removal';
import { createFakeFigma } from '../../fake-figma';

describe('removalProblem', () => {
  it('names an instance around the reference, else passes on Figma’s reason and mentions a read-only page', () => {
    const { figma } = createFakeFigma();
    const component = figma.createComponent();
    component.appendChild(figma.createFrame());
    const inInstance = component.createInstance().children[0]!;
    let refusal: unknown;
    try {
      inInstance.remove();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect(removalProblem(inInstance, refusal)).toBe('The frame is inside a component instance: detach the instance, then remove the reference.');
    const plain = figma.createFrame();
    expect(removalProblem(plain, new Error('in remove: This file is read-only'))).toBe('Figma did not allow the change (the page may be read-only for you): in remove: This file is read-only');
  });
});

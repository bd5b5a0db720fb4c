import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { applyTheirs } from '../../../src/sync/apply-theirs';
import { createFakeFigma } from '../../fake-figma/index';

function remoteOf(key: string, name: string, description: string): Component {
  return {
    key,
    name,
    description,
    kind: 'component',
    hash: 'h',
    properties: {},
    variants: [],
    node: {},
    thumbnail_url: null,
    updated_at: '2026-11-22T01:00:00.000Z',
    updated_by: 'Ada',
    deleted: false,
  };
}

describe('take theirs', () => {
  it('reports a rename Figma refused only as a step to do by hand, not also as done', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.name = 'Card';
    // Figma refuses some edits (a read-only file, say): the name setter throws here.
    Object.defineProperty(card, 'name', {
      get: () => 'Card',
      set: () => {
        throw new Error('Cannot edit this node');
      },
    });
    const outcome = applyTheirs(card, remoteOf(card.key, 'Card/Large', 'Theirs'), null);
    expect(outcome.applied.join(' ')).not.toMatch(/Renamed/);
    expect(outcome.manualSteps.join(' ')).toMatch(/Name "Card\/Large": Figma refused the change \(Cannot edit this node\)/);
    expect(outcome.applied).toContain('Description taken from the design system.');
  });
});

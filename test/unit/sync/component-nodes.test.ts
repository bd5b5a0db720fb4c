// Finding this file's components by key against the strict fake Figma (dynamic-page).
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';
import { findComponentsByKeyAsync } from '../../../src/sync/component-nodes';

describe('findComponentsByKeyAsync', () => {
  it('a page a teammate removes while it loads is skipped; the other pages are still searched', async () => {
    const fake = createFakeFigma();
    const kept = fake.figma.createComponent();
    const page = fake.figma.createPage();
    page.name = 'Going';
    const gone = fake.figma.createComponent();
    page.appendChild(gone);
    const later = fake.figma.createPage();
    const last = fake.figma.createComponent();
    later.appendChild(last);
    fake.relaunch();
    const going = fake.figma.root.children.find((each) => each.name === 'Going')!;
    const load = going.loadAsync.bind(going);
    going.loadAsync = async () => {
      await load();
      going.remove();
    };
    const found = await findComponentsByKeyAsync(fake.figma, [kept.key, gone.key, last.key]);
    expect([...found.keys()].sort()).toEqual([kept.key, last.key].sort());
  });
});

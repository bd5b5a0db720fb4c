// Issue 20 experiment: what the prototype's category fingerprints report, next to the chips of
// the payload walk (src/sync/change-chips.ts), for one edit of each kind on a generated card
// (test/bench/generate-document.ts). Runs in Node on the working tree's snapshot code: reads
// each edited root before and after its edit and prints both chip lists; also checks that
// re-reading an unedited root gives the same fingerprints.
// Run: node test/support/run-ts.mjs test/bench/experiments/fingerprint-check.ts
import { createFakeFigma } from '../../fake-figma';
import { createComponentReader } from '../../../src/snapshot/component-reader';
import type { ComponentRoot } from '../../../src/snapshot/normalize/component';
import { CHANGE_CHIP_ORDER, changeChips } from '../../../src/sync/change-chips';
import { generateDocumentAsync } from '../generate-document';

const quiet = { log: (): void => undefined, warn: (): void => undefined, error: (): void => undefined };

function find(root: BaseNode & ChildrenMixin, name: string): SceneNode {
  const node = root.findOne((candidate) => candidate.name === name);
  if (!node) throw new Error(`no layer named ${name}`);
  return node;
}

function solid(r: number, g: number, b: number): SolidPaint {
  return { type: 'SOLID', color: { r, g, b }, opacity: 1 };
}

type Edit = [string, (card: ComponentNode, figma: PluginAPI) => void | Promise<void>];

const EDITS: Edit[] = [
  ['fill of a layer', (card) => void ((find(card, 'Badge') as EllipseNode).fills = [solid(0, 1, 0)])],
  ['characters of a text', (card) => void ((find(card, 'Title') as TextNode).characters = 'Edited title')],
  ['font size of a text', (card) => void ((find(card, 'Title') as TextNode).fontSize = 30)],
  ['size of a layer', (card) => (find(card, 'Badge') as EllipseNode).resize(30, 30)],
  ['layer added at the end', (card, figma) => {
    const added = figma.createRectangle();
    added.name = 'New rule';
    added.resize(552, 2);
    added.fills = [solid(0.5, 0.5, 0.5)];
    card.appendChild(added);
  }],
  ['layer added first', (card, figma) => {
    const added = figma.createRectangle();
    added.name = 'Top rule';
    added.resize(552, 2);
    card.insertChild(0, added);
  }],
  ['layer removed', (card) => find(card, 'Badge').remove()],
  ['layer moved to the front', (card) => card.insertChild(0, find(card, 'Badge'))],
  ['child renamed', (card) => void (find(card, 'Hero image').name = 'Hero')],
  ['description', (card) => void (card.description = 'Edited description')],
  ['component renamed', (card) => void (card.name = 'Renamed card')],
  ['corner radius', (card) => void ((find(card, 'Button') as FrameNode).cornerRadius = 10)],
  ['auto layout gap', (card) => void ((find(card, 'Header') as FrameNode).itemSpacing = 20)],
  ['stroke added', (card) => void ((find(card, 'Badge') as EllipseNode).strokes = [solid(0, 0, 0)])],
  ['shadow added', (card) => void ((find(card, 'Badge') as EllipseNode).effects = [{ type: 'DROP_SHADOW', color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 0, visible: true, blendMode: 'NORMAL' }])],
  ['opacity', (card) => void ((find(card, 'Badge') as EllipseNode).opacity = 0.5)],
  ['layer hidden', (card) => void (find(card, 'Dot').visible = false)],
  ['fill style removed', (card) => (find(card, 'Button') as FrameNode).setFillStyleIdAsync('')],
  ['two fills swapped between namesakes', (card) => {
    const dots = card.findAll((node) => node.name === 'Dot') as EllipseNode[];
    dots[0]!.fills = [solid(0, 0, 1)];
    dots[1]!.fills = [solid(0.9, 0.2, 0.2)];
  }],
];

function chipsOf(before: number[], after: number[]): string[] {
  const out: string[] = [];
  for (let category = 0; category < CHANGE_CHIP_ORDER.length; category++) if (before[category] !== after[category]) out.push(CHANGE_CHIP_ORDER[category]!);
  return out;
}

async function mainAsync(): Promise<void> {
  const { figma } = createFakeFigma({ console: quiet });
  await generateDocumentAsync(figma, EDITS.length * 3 + 6);
  await figma.loadAllPagesAsync();
  const cards = figma.root.findAllWithCriteria({ types: ['COMPONENT'] }).filter((node) => node.parent?.type === 'PAGE' && node.name.startsWith('Card')) as ComponentNode[];
  const reader = createComponentReader(figma);
  const read = (root: ComponentRoot): ReturnType<typeof reader.readAsync> => reader.readAsync(root);
  // Determinism: an unedited root read twice.
  const [first, second] = [await read(cards[0]!), await read(cards[0]!)];
  console.log(`unedited root read twice: same fingerprints ${first.fingerprints.join(',') === second.fingerprints.join(',')}, same hash ${first.payload.hash === second.payload.hash}`);
  let agree = 0;
  console.log('| edit | fingerprint chips | payload-walk chips (change-chips.ts) | same |');
  console.log('| --- | --- | --- | --- |');
  for (let index = 0; index < EDITS.length; index++) {
    const [label, edit] = EDITS[index]!;
    const card = cards[index + 1]!;
    const before = await read(card);
    await edit(card, figma);
    const after = await read(card);
    const fromFingerprints = chipsOf(before.fingerprints, after.fingerprints);
    const fromWalk = changeChips(before.payload, after.payload);
    const same = fromFingerprints.join() === fromWalk.join();
    if (same) agree++;
    console.log(`| ${label} | ${fromFingerprints.join(', ') || '–'} | ${fromWalk.join(', ') || '–'} | ${same ? 'yes' : 'no'} |`);
  }
  console.log(`${agree} of ${EDITS.length} edits give the same chips`);
}

await mainAsync();

// Finds the file's library references: frames whose plugin data holds a reference record, on
// every page. Under dynamic-page each page is loaded before it is searched.
import type { FoundReference } from '../shared/bridge/messages';
import { isBoard } from './board';
import { parseReferenceRecord, REFERENCE_DATA_KEY } from './reference-record';

export interface FoundReferences {
  references: FoundReference[];
  /** Frames carrying the key whose record cannot be read: left alone, counted for the summary. */
  unreadable: number;
}

type FinderFigma = Pick<PluginAPI, 'root'>;

const HOLDER_KINDS: Partial<Record<NodeType, NonNullable<FoundReference['within']>['kind']>> = {
  SECTION: 'section',
  GROUP: 'group',
  COMPONENT: 'component',
  COMPONENT_SET: 'component',
  INSTANCE: 'instance',
};

/**
 * The layer at the top of the page that holds `node` (its kind and name), or null when `node` is
 * itself at the top. A walk up its parents, a few steps: no search.
 */
export function topLevelHolder(node: BaseNode, known: Map<string, FoundReference['within']> = new Map()): FoundReference['within'] {
  let top: BaseNode | null = null;
  for (let at = node.parent; at !== null && at.type !== 'PAGE' && at.type !== 'DOCUMENT'; at = at.parent) top = at;
  if (top === null) return null;
  // `known`: by the holder's id, so a board of 200 references reads its children once, not 200 times.
  let within = known.get(top.id);
  if (within === undefined) {
    within = { kind: isBoard(top) ? 'board' : (HOLDER_KINDS[top.type] ?? 'frame'), name: top.name };
    known.set(top.id, within);
  }
  return within;
}

/**
 * The library email of the reference that holds the selection (a selected reference frame, or a
 * layer inside one: its caption, a tile), or null when the selection is not in one.
 */
export function selectedReferenceEmailId(selection: readonly SceneNode[]): number | null {
  for (const selected of selection) {
    for (let node: BaseNode | null = selected; node !== null && node.type !== 'PAGE'; node = node.parent) {
      const record = parseReferenceRecord(node.getPluginData(REFERENCE_DATA_KEY));
      if (record !== null) return record.emailId;
    }
  }
  return null;
}

/**
 * `onPage` hears of each page before it is loaded and searched: the caller's wait restarts with
 * each report, so pages are loaded one at a time (loading a large file's every page at once, in
 * one silent wait, outlasted it).
 */
export async function findReferencesAsync(figma: FinderFigma, onPage: (done: number, total: number) => void = () => undefined): Promise<FoundReferences> {
  const references: FoundReference[] = [];
  let unreadable = 0;
  const pages = figma.root.children;
  const holders = new Map<string, FoundReference['within']>();
  for (const [index, page] of pages.entries()) {
    onPage(index, pages.length);
    await page.loadAsync();
    // The plugin-data criterion lets Figma skip every node without our key (fast on big files).
    for (const node of page.findAllWithCriteria({ pluginData: { keys: [REFERENCE_DATA_KEY] } })) {
      const record = parseReferenceRecord(node.getPluginData(REFERENCE_DATA_KEY));
      if (record === null) {
        unreadable++;
        continue;
      }
      const [[, , x], [, , y]] = node.absoluteTransform;
      references.push({
        nodeId: node.id,
        name: node.name,
        pageId: page.id,
        pageName: page.name,
        x: Math.round(x),
        y: Math.round(y),
        within: topLevelHolder(node, holders),
        emailId: record.emailId,
        brandName: record.brandName,
        subject: record.subject,
      });
    }
  }
  return { references, unreadable };
}

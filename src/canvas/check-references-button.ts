// The document's "Check email references" relaunch button (manifest relaunchButtons), shown while
// the file holds a library reference: set when one is placed, taken away when the reference check
// finds none, when a removal leaves none, and when an insert that placed none had set it. Set one
// button at a time (src/platform/relaunch-buttons.ts): Sync's button on the document stays.
import type { Command } from '../shared/bridge/messages';
import { setRelaunchButton } from '../platform/relaunch-buttons';
import { REFERENCE_DATA_KEY } from './reference-record';

/** The document's button once library emails are placed in it: it opens the reference check. */
export const CHECK_REFERENCES_COMMAND: Command = 'references';
export const CHECK_REFERENCES_DESCRIPTION = 'See whether the library emails placed in this file are still in the library';

type Root = Pick<DocumentNode, 'getRelaunchData' | 'setRelaunchData'>;
type SearchFigma = Pick<PluginAPI, 'root'>;
/** Hears of each page before it is loaded (the caller's wait restarts with each report). */
export type OnPage = (done: number, total: number) => void;

/**
 * The button's description while the file holds a reference (a frame carrying a record: one whose
 * record cannot be read counts too, as the check counts it and a newer Envelope's may be one), or
 * null: no button.
 */
export function checkButtonDescription(fileHasReferences: boolean): string | null {
  return fileHasReferences ? CHECK_REFERENCES_DESCRIPTION : null;
}

/** Shows the button, or takes it away; true when the document changed. */
export function showCheckButton(root: Root, fileHasReferences: boolean): boolean {
  return setRelaunchButton(root, CHECK_REFERENCES_COMMAND, checkButtonDescription(fileHasReferences));
}

/** Whether the document shows the button now. */
export function hasCheckButton(root: Pick<DocumentNode, 'getRelaunchData'>): boolean {
  return CHECK_REFERENCES_COMMAND in root.getRelaunchData();
}

/**
 * After the reference check searched the file: a button left on a file with no reference goes, as
 * an undo step of its own (what the plugin did before stays its own step too). Figma has no
 * change outside undo history, and that step shows nothing, so the designer's next ⌘Z seems to do
 * nothing: a button missing beside references (copied in from another file) is not added here,
 * but by the next placing, in its own step. Best effort, like the others.
 */
export function showCheckButtonAfterCheck(figma: Pick<PluginAPI, 'root' | 'commitUndo'>, fileHasReferences: boolean): void {
  try {
    if (fileHasReferences || !hasCheckButton(figma.root)) return;
    figma.commitUndo();
    showCheckButton(figma.root, fileHasReferences);
    figma.commitUndo();
  } catch {
    // The button is a convenience: the check found what it found all the same.
  }
}

/**
 * Whether any page holds a frame carrying a reference record. Pages are loaded one at a time (as
 * dynamic-page requires), each reported first, and the search stops at the first one: loading a
 * large file's every page at once, in one silent wait, outlasts the window's wait.
 */
export async function fileHasReferencesAsync(figma: SearchFigma, onPage: OnPage = () => undefined, except: ReadonlySet<string> = new Set()): Promise<boolean> {
  const pages = figma.root.children;
  for (const [index, page] of pages.entries()) {
    onPage(index, pages.length);
    await page.loadAsync();
    if (page.findAllWithCriteria({ pluginData: { keys: [REFERENCE_DATA_KEY] } }).some((node) => !except.has(node.id))) return true;
  }
  return false;
}

/**
 * Whether the button goes once the references `leaving` are gone: the document shows it and no
 * other reference is left. A file without the button is not searched. False when the search
 * fails: the button is a convenience, and the reference check, when run, takes it away.
 */
export async function checkButtonGoesAsync(figma: SearchFigma, leaving: ReadonlySet<string> = new Set(), onPage?: OnPage): Promise<boolean> {
  try {
    return hasCheckButton(figma.root) && !(await fileHasReferencesAsync(figma, onPage, leaving));
  } catch {
    return false;
  }
}

/** Takes the button away; best effort, as a failure must not turn what was done into a failure. */
export function dropCheckButton(root: Root): void {
  try {
    showCheckButton(root, false);
  } catch {
    // Left as it was: the reference check, when run, finds none and takes it away.
  }
}

/**
 * After references went away (an insert that did not land): the button stays only if the file
 * still holds one, or if `stillGoes` says otherwise once the search is done (a reference placed
 * during it may be on a page searched before it came). Changes the document inside the caller's
 * undo step (it commits nothing).
 */
export async function dropCheckButtonUnlessReferencesAsync(figma: SearchFigma, stillGoes: () => boolean = () => true): Promise<void> {
  if ((await checkButtonGoesAsync(figma)) && stillGoes()) dropCheckButton(figma.root);
}

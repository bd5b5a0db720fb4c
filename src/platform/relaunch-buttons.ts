// A node's relaunch buttons, one at a time. Figma's setRelaunchData replaces all of a node's
// relaunch data (plugin typings: "Each call to this method sets entirely new relaunch data"), and
// more than one room sets buttons on the same node (the document: Sync and the reference check),
// so each sets its own button and keeps the others.

/** Relaunch data with `command`'s button set to `description`, or removed when it is null; the others kept. */
export function relaunchDataWith(current: Record<string, string>, command: string, description: string | null): Record<string, string> {
  const { [command]: _old, ...others } = current;
  return description === null ? others : { ...others, [command]: description };
}

/**
 * Sets (or with null removes) one relaunch button on `node`, keeping its other buttons; nothing is
 * written when it is already so. True when it wrote (the caller may owe an undo step).
 */
export function setRelaunchButton(node: Pick<BaseNodeMixin, 'getRelaunchData' | 'setRelaunchData'>, command: string, description: string | null): boolean {
  const current = node.getRelaunchData();
  if ((current[command] ?? null) === description) return false;
  node.setRelaunchData(relaunchDataWith(current, command, description));
  return true;
}

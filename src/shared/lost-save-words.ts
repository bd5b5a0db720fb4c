// What to do after a save that may have been made without its answer read: look in the list below
// before saving again. Said by the sandbox and by the window; the window says it otherwise while the
// list below shows its own failure (no template could be looked for there then).

export const LOOK_IN_LIST = 'Look for it in the list below before saving again, so that it is not made twice.';

const LOOK_ONCE_LIST_LOADS = 'Look for it in the list below once the list loads again, before saving again, so that it is not made twice.';

/** The words of a save that may have been made, as said while the list below could not be read. */
export function whileListFailed(message: string): string {
  return message.replace(LOOK_IN_LIST, LOOK_ONCE_LIST_LOADS);
}

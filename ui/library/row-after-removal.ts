// Where the keyboard goes back to when the row of an email found removed leaves its list, found
// while the row is still drawn: the row after it in the same list, else the one before it, else
// the heading of the group of rows it was in (a journey's stage). A journey's stages are one list
// to step through, but the row after the last of a stage is the next stage's: Back went there.
export function rowAfterRemoval(screen: Element | null, id: number): HTMLElement | null {
  const item = screen?.querySelector(`[data-email-id="${id}"]`)?.closest('li');
  if (!item) return null;
  const row = (item.nextElementSibling ?? item.previousElementSibling)?.querySelector<HTMLElement>('[data-email-id]');
  return row ?? item.closest('[data-email-group]')?.querySelector<HTMLElement>('[data-list-heading]') ?? null;
}

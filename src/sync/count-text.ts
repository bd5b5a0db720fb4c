// Counts in the sandbox's progress labels ("Pushing 1,200 of 3,400"). Figma's sandbox (QuickJS)
// has no Intl: there `toLocaleString('en-US')` gives "1200", so digits are grouped here by hand.

/** A count, rounded to a whole number, with a comma between groups of three digits. */
export function countText(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

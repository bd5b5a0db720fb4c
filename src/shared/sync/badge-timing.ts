// How the Sync tab's badge follows edits, on both sides: the sandbox counts once a burst of edits
// settles, and the Sync screen compares again only once the count has been still for longer, so a
// burst the sandbox counts in steps is compared once. One derived from the other: changing the
// sandbox's settling cannot leave the screen's wait shorter.

/** Edits arrive in bursts while a person drags or types: the sandbox counts once the burst settles. */
export const LOCAL_COUNT_DELAY_MS = 600;

/** How long the badge's count stays still before the Sync screen compares again: the sandbox's settling and a margin for the count itself and its message. */
export const BADGE_STILL_MS = LOCAL_COUNT_DELAY_MS + 200;

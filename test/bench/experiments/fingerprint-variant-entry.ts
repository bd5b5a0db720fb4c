// One version of the snapshot module, registered under its name for the A/B entry evaluated
// after it in the same QuickJS context (fingerprint-snapshot-ab.ts bundles this entry once per
// variant, with src/snapshot read from that variant's git commit and __VARIANT__ defined).
import { createSnapshotter } from '../../../src/snapshot';

declare const __VARIANT__: string;

const host = globalThis as { __snapshotVariants?: Record<string, typeof createSnapshotter> };
(host.__snapshotVariants ??= {})[__VARIANT__] = createSnapshotter;

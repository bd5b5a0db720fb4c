// The component snapshot module: local components → builder `Component` payloads.
export { createSnapshotter } from './snapshotter';
export type { Snapshotter, SnapshotterOptions, SnapshotOptions, SnapshotProgress, SnapshotResult, SnapshotStats } from './snapshotter';
export { SnapshotError, type SnapshotErrorCode } from './snapshot-error';
export type { ComponentPayload, ComponentVariantPayload, NormalizedNode, NormalizedPropertyDefinition, ThumbnailPayload } from './normalized-types';
export { readFrameAsync, type FrameReading } from './frame-reader';

// The image downloads each host was asked for, kept apart from the API request counts: tests read
// here what the plugin's window fetched (a screenshot refused, only the thumbnails on screen),
// where it landed, instead of counting the page's own downloads.

/**
 * What was asked for, by route. A screenshot is downloaded whole: the tiles placed on the canvas
 * are cut from it in the plugin's window, so they are never a request of their own.
 */
export type ImageKind = 'thumbnail' | 'screenshot' | 'logo' | 'template_thumbnail' | 'component_thumbnail' | 'unknown';

export interface ImageRequest {
  host: 'library' | 'builder';
  method: string;
  path: string;
  kind: ImageKind;
  /** The status answered (a `stall` answers 200, then stops mid-body). */
  status: number;
  /** The test-set fault the answer came from (`POST …/preview-fault`, e.g. `"429_long"`), or null. */
  fault: string | null;
}

/** One log entry for one image request, as answered. */
export function imageRequestEntry(
  host: ImageRequest['host'],
  request: { method: string; path: string },
  answered: { kind: ImageKind; status: number; fault?: string | null },
): ImageRequest {
  return { host, method: request.method, path: request.path, kind: answered.kind, status: answered.status, fault: answered.fault ?? null };
}

/**
 * The log keeps the last this many entries: a long manual session with the CLI emulator would
 * otherwise grow it without bound. A test resets the emulator and asks for far fewer.
 */
export const IMAGE_LOG_LIMIT = 3_000;

/** The image log (`GET /_emulator/requests?include=images`): both hosts' image requests since the reset. */
export interface ImageLog {
  /** In order, the last `IMAGE_LOG_LIMIT` of them. */
  imageRequests: ImageRequest[];
  /** How many older ones were dropped from the log. */
  imageRequestsDropped: number;
}

/** Adds `entry` to the log, dropping the oldest beyond `limit`. */
export function recordImageRequest(log: ImageLog, entry: ImageRequest, limit = IMAGE_LOG_LIMIT): void {
  log.imageRequests.push(entry);
  const over = log.imageRequests.length - limit;
  if (over > 0) {
    log.imageRequests.splice(0, over);
    log.imageRequestsDropped += over;
  }
}

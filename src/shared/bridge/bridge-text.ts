// What the bridge's own failures say to a person. The technical facts (which request, what was
// wrong with it) go in the error's `details` and the console, never in these sentences.
import { describeWait } from '../api/http/describe-wait';

export const bridgeText = {
  /** The other side did not answer in time (a busy or frozen sandbox). */
  timeout: (timeoutMs: number): string =>
    `Figma did not answer Envelope within ${describeWait(timeoutMs / 1000)}. It may be busy with a large file: wait a moment, then try again.`,
  /** A request this version does not know (the window and the plugin code are out of step). */
  unknownRequest: 'This version of Envelope cannot do that yet. Close Envelope and open it again to load the latest version.',
  /** A request whose content was refused before it ran. */
  invalidRequest: 'Envelope could not read what this window sent, so nothing was done. Close Envelope and open it again, then try once more.',
  /** An answer that does not fit what was asked. */
  invalidReply: 'Envelope received an answer it could not read, so the result is unknown. Close Envelope and open it again, then check whether it was done.',
} as const;

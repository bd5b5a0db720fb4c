// A failed template request in words (no key saved yet: a step to take, not an alert), with the
// button that helps: the builder key in Settings (its address, when that is missing or could not be reached),
// unlinking a frame whose template was deleted elsewhere, replacing a version saved elsewhere, or
// (a frame's template the key cannot find) Settings and unlinking, side by side. A wait the
// builder asked for (its button held meanwhile) is said politely once it is over, as Browse says it
// (once when several end together: wait-over-line.tsx).
import { Button } from '../components/button';
import { openSettingsOn } from '../settings/settings-focus';
import { WaitOverLine } from './wait-over-line';
import type { TemplateProblem } from './template-words';

export interface ProblemLineProps {
  problem: TemplateProblem;
  onOpenSettings: () => void;
  onUnlink?: () => void;
  onReplace?: () => void;
  /** The button that sent the request is held until the problem's `tryAgainAt`. */
  held?: boolean;
  /** The unlink Unlink the frame sent is on its way: the button shows it, busy (a second press does nothing). */
  unlinking?: boolean;
}

export function ProblemLine({ problem, onOpenSettings, onUnlink, onReplace, held = false, unlinking = false }: ProblemLineProps) {
  return (
    <>
      <div class="button-row">
        {problem.keyMissing ? (
          <p class="notice notice-info">{problem.message}</p>
        ) : (
          <p role="alert" class="notice notice-error">
            {problem.message}
          </p>
        )}
        {problem.action === 'settings' || problem.action === 'missing' || problem.checkAddress ? (
          <Button onClick={problem.address || problem.checkAddress ? () => openSettingsOn('builder-address', onOpenSettings) : onOpenSettings}>Open Settings</Button>
        ) : null}
        {problem.action === 'replace' && onReplace ? <Button onClick={onReplace}>{problem.ownVersion ? 'Replace it' : 'Replace their changes'}</Button> : null}
        {problem.action !== 'settings' && problem.action !== null && onUnlink ? (
          <Button onClick={onUnlink} busy={unlinking}>
            Unlink the frame
          </Button>
        ) : null}
      </div>
      {problem.tryAgainAt === undefined ? null : <WaitOverLine held={held} />}
    </>
  );
}

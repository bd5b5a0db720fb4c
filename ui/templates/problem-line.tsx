// A failed template request in words, with the button that helps: the builder key in Settings,
// unlinking a frame whose template was deleted elsewhere, or replacing a version saved elsewhere.
import { Button } from '../components/button';
import type { TemplateProblem } from './template-words';

export interface ProblemLineProps {
  problem: TemplateProblem;
  onOpenSettings: () => void;
  onUnlink?: () => void;
  onReplace?: () => void;
}

export function ProblemLine({ problem, onOpenSettings, onUnlink, onReplace }: ProblemLineProps) {
  return (
    <div class="button-row">
      <p role="alert" class="notice notice-error">
        {problem.message}
      </p>
      {problem.action === 'settings' ? <Button onClick={onOpenSettings}>Open Settings</Button> : null}
      {problem.action === 'replace' && onReplace ? <Button onClick={onReplace}>Replace their changes</Button> : null}
      {(problem.action === 'unlink' || problem.action === 'replace') && onUnlink ? <Button onClick={onUnlink}>Unlink the frame</Button> : null}
    </div>
  );
}

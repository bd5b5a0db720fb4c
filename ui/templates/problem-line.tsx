// A failed template request in words, with the button that helps: the builder key in Settings,
// or unlinking a frame whose template was deleted elsewhere.
import { Button } from '../components/button';
import type { TemplateProblem } from './template-words';

export interface ProblemLineProps {
  problem: TemplateProblem;
  onOpenSettings: () => void;
  onUnlink?: () => void;
}

export function ProblemLine({ problem, onOpenSettings, onUnlink }: ProblemLineProps) {
  return (
    <div class="button-row">
      <p role="alert" class="notice notice-error">
        {problem.message}
      </p>
      {problem.action === 'settings' ? <Button onClick={onOpenSettings}>Open Settings</Button> : null}
      {problem.action === 'unlink' && onUnlink ? <Button onClick={onUnlink}>Unlink the frame</Button> : null}
    </div>
  );
}

// A failed library call in words, with the one useful action: Settings for a refused key, a
// countdown and a retry of its own for a 429, nothing for what the library removed (asking
// again can only fail), "Try again" for the rest.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Button } from '../components/button';
import { retryCountdownText, type LibraryProblem } from './library-problem';

export interface ProblemNoticeProps {
  problem: LibraryProblem;
  onRetry: () => void;
  onOpenSettings: () => void;
}

export function ProblemNotice({ problem, onRetry, onOpenSettings }: ProblemNoticeProps) {
  const [secondsLeft, setSecondsLeft] = useState(problem.retryAfterSeconds ?? 0);
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    if (problem.retryAfterSeconds === null) return undefined;
    const until = Date.now() + problem.retryAfterSeconds * 1000;
    setSecondsLeft(problem.retryAfterSeconds);
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
        retry.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [problem]);
  return (
    <div class="library-problem" data-testid="library-problem" data-kind={problem.kind}>
      <p role="alert" class={`notice ${problem.kind === 'busy' ? 'notice-info' : 'notice-error'}`}>
        {problem.message}
        {problem.retryAfterSeconds !== null ? ` ${retryCountdownText(secondsLeft)}` : ''}
      </p>
      {problem.kind === 'key' ? (
        <Button variant="primary" onClick={onOpenSettings}>
          Open Settings
        </Button>
      ) : problem.kind === 'busy' || problem.kind === 'not_found' ? null : (
        <Button onClick={onRetry}>Try again</Button>
      )}
    </div>
  );
}

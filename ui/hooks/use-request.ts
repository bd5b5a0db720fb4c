// One way for a screen to ask and wait: `const save = useRequest<SettingsView, 'save'>()`, then
// `save.run('save', () => requester.saveAsync(...), { onResult, onError })`; `save.pending`,
// `save.result` and `save.error` (in words) render. On unmount the pending request is
// cancelled and nothing is set any more; a superseded request's late answer is ignored. The
// rules live in request-runner.ts.
import { useEffect, useState } from 'preact/hooks';
import {
  createRequestRunner,
  IDLE_REQUEST,
  type RequestHandlers,
  type RequestRunnerOptions,
  type RequestState,
  type Started,
} from './request-runner';

export interface RequestControls<T, Name extends string> extends RequestState<T, Name> {
  readonly run: <R extends T>(name: Name, start: () => Started<R>, handlers?: RequestHandlers<R>) => Promise<void>;
  readonly cancel: () => void;
}

/** `options` are read once, when the screen mounts. */
export function useRequest<T, Name extends string = string>(options?: RequestRunnerOptions): RequestControls<T, Name> {
  const [state, setState] = useState<RequestState<T, Name>>(IDLE_REQUEST);
  const [runner] = useState(() => createRequestRunner<T, Name>(setState, options));
  useEffect(() => () => runner.dispose(), [runner]);
  return { ...state, run: runner.run, cancel: runner.cancel };
}

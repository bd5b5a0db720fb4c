// The check or the sync on its way, as the screen shows it (its progress, the time left, Cancel).
// One still running when the screen closes is cancelled with it.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { PendingRequest } from '../../src/shared/bridge/endpoint';
import type { Progress } from '../../src/shared/bridge/protocol';
import { withProgress, type Task } from './sync-task';

/** Starts a request that reports progress, and shows it as the task until `endTask`. */
export type TrackTask = <T>(kind: Task['kind'], start: (onProgress: (progress: Progress) => void) => PendingRequest<T>) => PendingRequest<T>;

/** The task shown, `trackTask`, and `endTask` (the request ended: nothing runs). */
export function useSyncTask(): [Task | null, TrackTask, () => void] {
  const [task, setTask] = useState<Task | null>(null);
  const pending = useRef<PendingRequest<unknown> | null>(null);
  useEffect(() => () => pending.current?.cancel(), []);
  const [trackTask, endTask] = useMemo((): [TrackTask, () => void] => [
    (kind, start) => {
      const request = start((progress) => setTask((current) => current && withProgress(current, progress, Date.now())));
      pending.current = request;
      setTask({ kind, progress: null, first: null, latest: null, cancel: () => request.cancel() });
      return request;
    },
    () => {
      pending.current = null;
      setTask(null);
    },
  ], []);
  return [task, trackTask, endTask];
}

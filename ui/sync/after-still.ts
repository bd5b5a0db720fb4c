// Runs an action once a value that moves in bursts has been still for a while: each poke starts
// the wait again, so a run of quick moves leads to one action, after the last.
export interface AfterStill {
  /** The value moved: the wait starts again. */
  poke(): void;
  /** Nothing to do after all (the screen hides or closes, or something else answers the move). */
  cancel(): void;
}

export function afterStill(stillMs: number, action: () => void): AfterStill {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    poke() {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        action();
      }, stillMs);
    },
    cancel,
  };
}

// Typing in a text box recomputes verdicts for up to 100,000 URLs: the work
// waits until the typing pauses, so each keystroke stays instant.

export interface Debounced {
  /** Runs the work `ms` after the last call. */
  (): void;
  /** Drops a pending run (the work was just done another way). */
  cancel(): void;
  /** True while a run waits. */
  readonly pending: boolean;
}

export function debounce(run: () => void, ms: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const debounced = () => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  };
  return Object.defineProperties(debounced, {
    cancel: { value: cancel },
    pending: { get: () => timer !== undefined },
  }) as Debounced;
}

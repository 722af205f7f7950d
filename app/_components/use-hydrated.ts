import { useSyncExternalStore } from "react";

const nothingToWatch = () => () => {};

/**
 * False while the page is still the server's HTML, whose buttons do nothing yet (React attaches
 * their handlers when it hydrates), true from then on. A control that only works in the browser
 * is disabled until then, so a key pressed on a slow machine is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

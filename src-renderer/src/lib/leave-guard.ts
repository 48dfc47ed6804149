// Lets a view with unsaved work veto navigation (header tabs, back buttons, closing the tab).

type Guard = () => Promise<boolean>;

const guards = new Set<Guard>();

/** Registers `guard` (resolves true when leaving is fine); returns the unregister function. */
export function addLeaveGuard(guard: Guard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** Asks every registered guard; true when the user may navigate away. */
export async function mayLeave(): Promise<boolean> {
  for (const guard of [...guards]) {
    if (!(await guard())) return false;
  }
  return true;
}

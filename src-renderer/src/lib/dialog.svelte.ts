// Promise-based confirmation dialogs (delete, discard changes), rendered by ConfirmHost.

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Style the confirm button as destructive. */
  danger?: boolean;
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

let pending: PendingConfirm | null = $state(null);

export const confirmState = {
  get current(): PendingConfirm | null {
    return pending;
  },
};

/** Asks the user; resolves true only if they chose the confirm button. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
  });
}

export function answerConfirm(confirmed: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(confirmed);
}

import { lazy, type ReactNode, Suspense } from "react";
import { useOpenedOnce } from "./use-opened-once";

export interface ConfirmDialogProps {
  open: boolean;
  /** Called when the person cancels or the dialog should close; not while `busy`. */
  onClose: () => void;
  busy: boolean;
  title: string;
  description: ReactNode;
  /** The destructive button: 'Delete', 'Remove role'… and its text while `busy`. */
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => void;
  /** Where focus goes on closing, when not back to the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content"));

/**
 * 'Delete project?', 'Remove administrator role?'…: a confirmation opened from state (a row's
 * button), with Cancel and a destructive action. A closed one shows nothing, so its code loads
 * the first time it opens and then stays, as the mobile sidebar's does (decision 025): pages
 * with several of them do not load or hydrate dialog code nobody has asked for.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}

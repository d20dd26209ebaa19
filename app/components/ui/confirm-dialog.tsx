import { lazy, type ReactNode, Suspense } from "react";
import type { DialogAnswer } from "./dialog-result";
import { InlineConfirm } from "./no-js-dialog";
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
  /**
   * The confirmation's latest answer (`useFormOutcome`'s `result`): a request that did not get
   * through is said inside the dialog (`DialogResult`, decision 156).
   */
  result?: DialogAnswer;
  /** Where focus goes on closing, when not back to the button that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The same confirmation rendered in place, because the page's address asked for it
 * (`?dialog=…`, decision 142): a form that posts `fields` (what `onConfirm` sends) without
 * JavaScript.
 */
export interface InlineConfirmProps {
  inline?: { fields: Record<string, string>; action?: string } | null;
}

const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content"));

/**
 * 'Delete project?', 'Remove administrator role?'…: a confirmation opened from state (a row's
 * button), with Cancel and a destructive action. A closed one shows nothing, so its code loads
 * the first time it opens and then stays, as the mobile sidebar's does (decision 025): pages
 * with several of them do not load or hydrate dialog code nobody has asked for.
 */
export function ConfirmDialog({ inline, ...props }: ConfirmDialogProps & InlineConfirmProps) {
  const opened = useOpenedOnce(props.open);
  if (inline) {
    return (
      <InlineConfirm
        title={props.title}
        description={props.description}
        confirmLabel={props.confirmLabel}
        fields={inline.fields}
        action={inline.action}
      />
    );
  }
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}

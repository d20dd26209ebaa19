import { createContext, type ReactNode, useContext, useId } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import {
  DIALOG_ANCHOR,
  DIALOG_ITEM_PARAM,
  DIALOG_PARAM,
  requestedDialog,
  withoutDialog,
} from "~/lib/dialog-params";
import { cn } from "~/lib/utils";
import { Button, type ButtonProps, buttonVariants } from "./button";

/**
 * Dialogs that work before the page's scripts run and without JavaScript (decision 142).
 *
 * The button that opens a dialog is a `DialogOpener`: the submit button of a GET form to the
 * same page with `?dialog=<name>` (and `&item=<id>`), the page's other parameters kept. Once
 * the page has hydrated, its click opens the dialog from state, as before; before that the
 * browser asks for the page again, and the page renders the dialog's form in place (an open,
 * non-modal `<dialog>`: `FormDialog inline`, `ConfirmDialog inline`). Its 'Cancel' is a link
 * back to the page; its form posts to the page with the parameters, and the action
 * (`closeDialogOnSuccess`, routes/dialog.server.ts) sends a success back to the page without
 * them, with the toast cookie (`<CookieToastText>` says it without JavaScript). A refusal comes
 * back on the dialog's page, by its field, with what was typed.
 */

/** The dialog the address asks for (`?dialog=…&item=…`), or null. */
export function useRequestedDialog() {
  const [search] = useSearchParams();
  return requestedDialog(search);
}

/** Whether the address asks for the dialog `name` (about `item`, when given). */
export function useDialogAsked(name: string, item?: string): boolean {
  const asked = useRequestedDialog();
  return !!asked && asked.name === name && (item === undefined || asked.item === item);
}

/** The address of this page without its dialog (where 'Cancel' and a success lead). */
export function useClosedDialogHref(): string {
  const location = useLocation();
  return withoutDialog(location.pathname, new URLSearchParams(location.search));
}

/**
 * A button that opens a dialog: with JavaScript (hydrated), `onOpen`; before that, a GET form
 * to this page with the dialog's parameters. Its accessible name and look are the button's.
 */
export function DialogOpener({
  dialog,
  item,
  onOpen,
  ...button
}: Omit<ButtonProps, "type" | "onClick"> & {
  dialog: string;
  item?: string;
  onOpen: () => void;
}) {
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(
    ([name]) => name !== DIALOG_PARAM && name !== DIALOG_ITEM_PARAM && name !== "index",
  );
  return (
    <form method="get" action={`${location.pathname}#${DIALOG_ANCHOR}`} className="contents">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={DIALOG_PARAM} value={dialog} />
      {item ? <input type="hidden" name={DIALOG_ITEM_PARAM} value={item} /> : null}
      <Button
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      />
    </form>
  );
}

/** Inside an inline dialog: the address its 'Cancel' leads to. */
const InlineDialogClose = createContext<string | null>(null);

/** The 'Cancel' link of an inline dialog, or null outside one. */
export function useInlineDialogClose(): string | null {
  return useContext(InlineDialogClose);
}

export function CancelDialogLink({ className }: { className?: string }) {
  const close = useInlineDialogClose() ?? "";
  return (
    <Link to={close} className={cn(buttonVariants({ variant: "outline" }), className)}>
      Cancel
    </Link>
  );
}

/**
 * A dialog rendered in place on the page (the server's answer to `?dialog=…`): an open,
 * non-modal `<dialog>` named by its title, with its description and `children` (the form).
 */
export function InlineDialog({
  title,
  description,
  children,
  role,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  /** `alertdialog` for a confirmation, as the modal one is. */
  role?: "alertdialog";
}) {
  const close = useClosedDialogHref();
  const id = useId();
  return (
    <InlineDialogClose.Provider value={close}>
      <dialog
        open
        id={DIALOG_ANCHOR}
        role={role}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="static m-0 grid w-full max-w-none gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:max-w-lg"
      >
        <div className="flex flex-col gap-2">
          <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        {children}
      </dialog>
    </InlineDialogClose.Provider>
  );
}

/**
 * A confirmation in place ('Delete project?'): the form posts `fields` to this page (with the
 * dialog's parameters), or to `action`.
 */
export function InlineConfirm({
  title,
  description,
  confirmLabel,
  fields,
  action,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
  action?: string;
}) {
  return (
    <InlineDialog title={title} description={description} role="alertdialog">
      <Form
        method="post"
        action={action}
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <CancelDialogLink />
        <Button type="submit" variant="destructive">
          {confirmLabel}
        </Button>
      </Form>
    </InlineDialog>
  );
}

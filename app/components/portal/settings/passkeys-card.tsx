import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { KeyRound } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDate } from "~/lib/dates";
import { notify } from "~/lib/notify";
import { PASSKEY_NAME_MAX } from "~/lib/validation/account-values";
import { firstIssue } from "~/lib/validation/first-issue";

export interface PasskeyItem {
  id: string;
  name: string;
  provider: string | null;
  synced: boolean;
  createdAt: Date | string | null;
}

export function PasskeysCard({ passkeys }: { passkeys: PasskeyItem[] }) {
  const remove = useFormOutcome({ intent: "delete-passkey", redirects: true });
  const add = useFormOutcome({ intent: "add-passkey", redirects: true });
  // A rename posted without JavaScript comes back here (the rows' forms need it to open).
  const renamed = useFormOutcome({ intent: "rename-passkey", redirects: true }).inline;
  const removing = remove.busy ? remove.fetcher.formData?.get("passkeyId") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of a password. Passkeys can't
          be phished or reused on other websites.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <PasskeyRow
                key={p.id}
                passkey={p}
                removing={removing === p.id}
                removeForm={remove.fetcher.Form}
              />
            ))}
          </ul>
        )}
        <FormResult result={renamed} />
        <FormResult result={remove.inline} />
        <AddPasskeyForm inline={add.inline} />
      </CardContent>
    </Card>
  );
}

/** One passkey: its name and details, Rename (an inline form) and Remove. */
function PasskeyRow({
  passkey: p,
  removing,
  removeForm: RemoveForm,
}: {
  passkey: PasskeyItem;
  removing: boolean;
  removeForm: ReturnType<typeof useFormOutcome>["fetcher"]["Form"];
}) {
  const [editing, setEditing] = useState(false);
  const rename = useFormOutcome({
    intent: "rename-passkey",
    instance: p.id,
    redirects: true,
    onSuccess: () => setEditing(false),
  });
  const renameButton = useRef<HTMLButtonElement>(null);
  const inputId = `passkey-name-${p.id}`;

  function stopEditing() {
    setEditing(false);
    // Focus returns to the button that opened the form.
    requestAnimationFrame(() => renameButton.current?.focus());
  }

  return (
    <li className="flex flex-wrap items-center gap-3 p-4" data-testid="passkey-item">
      <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      {editing ? (
        <rename.fetcher.Form
          method="post"
          className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
          onKeyDown={(event) => {
            if (event.key === "Escape") stopEditing();
          }}
        >
          <input type="hidden" name="intent" value="rename-passkey" />
          <input type="hidden" name="passkeyId" value={p.id} />
          <Field id={inputId} label={`New name for passkey ${p.name}`} className="min-w-0 flex-1">
            <Input
              name="name"
              required
              maxLength={PASSKEY_NAME_MAX}
              defaultValue={p.name}
              autoFocus
            />
          </Field>
          <Button type="submit" size="sm" disabled={rename.busy}>
            {rename.busy ? "Saving..." : "Save"}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={stopEditing}>
            Cancel
          </Button>
        </rename.fetcher.Form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{p.name}</p>
            <p className="text-sm text-muted-foreground">
              {[
                p.provider,
                p.synced ? "Synced" : "This device only",
                p.createdAt ? `Added ${formatDate(p.createdAt)}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <Button
            ref={renameButton}
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Rename passkey ${p.name}`}
          >
            Rename
          </Button>
          <RemoveForm method="post">
            <input type="hidden" name="intent" value="delete-passkey" />
            <input type="hidden" name="passkeyId" value={p.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              disabled={removing}
              aria-label={`Remove passkey ${p.name}`}
            >
              {removing ? "Removing..." : "Remove"}
            </Button>
          </RemoveForm>
        </>
      )}
    </li>
  );
}

/**
 * Without JavaScript this posts to the action, which explains that passkeys need it. With it,
 * the browser creates the passkey with the device and better-auth stores it.
 */
function AddPasskeyForm({ inline }: { inline: ReturnType<typeof useFormOutcome>["inline"] }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("name");
    // The form's schema (and zod) load when it is sent, not with the page (decision 025).
    const { passkeyNameSchema } = await import("~/lib/validation/account");
    const parsed = passkeyNameSchema.safeParse({ name });
    if (!parsed.success) {
      notify("error", "Error", { description: firstIssue(parsed.error).message });
      return;
    }
    setBusy(true);
    try {
      const { addPasskey } = await import("~/lib/passkeys.client");
      const outcome = await addPasskey(parsed.data.name);
      if (outcome.ok) {
        notify("success", "Success", { description: "Passkey added" });
        formRef.current?.reset();
        await revalidate();
      } else {
        notify("error", "Error", { description: outcome.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className="space-y-3" onSubmit={onSubmit} ref={formRef}>
      <input type="hidden" name="intent" value="add-passkey" />
      <Field
        id="passkey-name"
        label="Passkey name"
        description="A name to tell your passkeys apart."
      >
        <Input name="name" required maxLength={PASSKEY_NAME_MAX} placeholder="e.g. Work laptop" />
      </Field>
      {supported ? null : (
        <p role="alert" className="text-sm font-medium text-destructive">
          This browser does not support passkeys.
        </p>
      )}
      <FormResult result={inline} />
      <Button type="submit" disabled={busy || !supported}>
        {busy ? "Waiting for your device..." : "Add passkey"}
      </Button>
    </form>
  );
}

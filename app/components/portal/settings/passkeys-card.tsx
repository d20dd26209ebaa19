import { KeyRound } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/dates";
import { PASSKEY_NAME_MAX, passkeyNameSchema } from "~/lib/validation/account";
import { firstIssue } from "~/lib/validation/auth";
import { InlineResult, useSettingsForm } from "./use-settings-form";

export interface PasskeyItem {
  id: string;
  name: string;
  provider: string | null;
  synced: boolean;
  createdAt: Date | string | null;
}

export function PasskeysCard({ passkeys }: { passkeys: PasskeyItem[] }) {
  const remove = useSettingsForm("delete-passkey");
  const add = useSettingsForm("add-passkey");
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
              <li
                key={p.id}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="passkey-item"
              >
                <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
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
                <remove.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="delete-passkey" />
                  <input type="hidden" name="passkeyId" value={p.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={removing === p.id}
                    aria-label={`Remove passkey ${p.name}`}
                  >
                    {removing === p.id ? "Removing..." : "Remove"}
                  </Button>
                </remove.fetcher.Form>
              </li>
            ))}
          </ul>
        )}
        <InlineResult result={remove.inline} />
        <AddPasskeyForm inline={add.inline} />
      </CardContent>
    </Card>
  );
}

/**
 * Without JavaScript this posts to the action, which explains that passkeys need it. With it,
 * the browser creates the passkey with the device and better-auth stores it.
 */
function AddPasskeyForm({ inline }: { inline: ReturnType<typeof useSettingsForm>["inline"] }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse({
      name: new FormData(event.currentTarget).get("name"),
    });
    if (!parsed.success) {
      toast.error("Error", { description: firstIssue(parsed.error).message });
      return;
    }
    setBusy(true);
    try {
      const { addPasskey } = await import("~/lib/passkeys.client");
      const outcome = await addPasskey(parsed.data.name);
      if (outcome.ok) {
        toast.success("Success", { description: "Passkey added" });
        formRef.current?.reset();
        await revalidate();
      } else {
        toast.error("Error", { description: outcome.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className="space-y-3" onSubmit={onSubmit} ref={formRef}>
      <input type="hidden" name="intent" value="add-passkey" />
      <div className="space-y-2">
        <Label htmlFor="passkey-name">Passkey name</Label>
        <Input
          id="passkey-name"
          name="name"
          required
          maxLength={PASSKEY_NAME_MAX}
          placeholder="e.g. Work laptop"
          aria-describedby="passkey-name-hint"
        />
        <p id="passkey-name-hint" className="text-xs text-muted-foreground">
          A name to tell your passkeys apart.
        </p>
      </div>
      {supported ? null : (
        <p role="alert" className="text-sm font-medium text-destructive">
          This browser does not support passkeys.
        </p>
      )}
      <InlineResult result={inline} />
      <Button type="submit" disabled={busy || !supported}>
        {busy ? "Waiting for your device..." : "Add passkey"}
      </Button>
    </form>
  );
}

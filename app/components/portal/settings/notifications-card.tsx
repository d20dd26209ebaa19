import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";

/** Whether new messages in the portal are also e-mailed (`profiles.message_mail`). */
export function NotificationsCard({ messageMail }: { messageMail: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "message-mail" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>E-mail about what happens in the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="message-mail" />
          <Field
            id="settings-message-mail"
            label="E-mail me when a new message arrives"
            layout="checkbox"
            labelWeight="medium"
            description="The e-mail links to the message in the portal."
          >
            <Checkbox
              name="messageMail"
              // Remounts when the saved value changes, so the box shows what is in force.
              key={String(messageMail)}
              defaultChecked={messageMail}
            />
          </Field>
          <FormResult result={inline} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save notifications"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

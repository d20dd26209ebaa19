import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import {
  CHANNEL_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "~/lib/notification-kinds";

export interface NotificationChoice {
  kind: NotificationKind;
  channels: { channel: NotificationChannel; on: boolean }[];
}

/** Whether new messages in the portal are also e-mailed (`profiles.message_mail`). */
function MessageMailForm({ messageMail }: { messageMail: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "message-mail" });
  return (
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
  );
}

/** Per kind of notification, per channel it offers: on or off (decision 057). */
function ChoicesForm({ choices }: { choices: NotificationChoice[] }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "notification-choices" });
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="notification-choices" />
      {choices.map(({ kind, channels }) => (
        <fieldset key={kind} className="space-y-2">
          <legend className="font-medium">{NOTIFICATION_KINDS[kind].label}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {channels.map(({ channel, on }) => (
              <Field
                key={channel}
                id={`notify-${kind}-${channel}`}
                label={CHANNEL_LABELS[channel]}
                layout="checkbox"
              >
                <Checkbox
                  name={`${kind}:${channel}`}
                  key={`${kind}:${channel}:${on}`}
                  defaultChecked={on}
                />
              </Field>
            ))}
          </div>
          {NOTIFICATION_KINDS[kind].ownMail ? (
            <p className="text-sm text-muted-foreground">{NOTIFICATION_KINDS[kind].ownMail}</p>
          ) : null}
        </fieldset>
      ))}
      <FormResult result={inline} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save notification choices"}
      </Button>
    </fetcher.Form>
  );
}

export function NotificationsCard({
  messageMail,
  choices,
}: {
  /** Null for administrators: they are always mailed about messages (decision 023). */
  messageMail: boolean | null;
  choices: NotificationChoice[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          What reaches you, and where: in the portal (the bell at the top) and by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {messageMail === null ? null : <MessageMailForm messageMail={messageMail} />}
        <ChoicesForm choices={choices} />
      </CardContent>
    </Card>
  );
}

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import {
  CHANNEL_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  REVIEW_REMINDER_DAYS_MAX,
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

/** Administrators: the workspace's N, days before an unanswered review is reminded. */
function ReviewReminderForm({ days }: { days: number }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "review-reminder-days" });
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="review-reminder-days" />
      <Field
        id="settings-review-reminder-days"
        label="Remind about an unanswered review after (days)"
        description="Its client's contacts are reminded after this many days, the agency after twice as many. For the whole workspace."
        error={inline && !inline.ok ? inline.error : undefined}
      >
        <Input
          name="reviewReminderDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={REVIEW_REMINDER_DAYS_MAX}
          required
          key={days}
          defaultValue={days}
          className="max-w-32"
        />
      </Field>
      <FormResult result={inline} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save reminder"}
      </Button>
    </fetcher.Form>
  );
}

export function NotificationsCard({
  messageMail,
  choices,
  reviewReminderDays,
}: {
  /** Null for administrators: they are always mailed about messages (decision 023). */
  messageMail: boolean | null;
  choices: NotificationChoice[];
  /** The workspace's reminder setting (administrators only; null for contacts). */
  reviewReminderDays: number | null;
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
        {reviewReminderDays === null ? null : <ReviewReminderForm days={reviewReminderDays} />}
      </CardContent>
    </Card>
  );
}

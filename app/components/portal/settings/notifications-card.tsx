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
        </fieldset>
      ))}
      <FormResult result={inline} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save notification choices"}
      </Button>
    </fetcher.Form>
  );
}

export interface WhatsAppState {
  number: { number: string; confirmed: boolean; codePending: boolean } | null;
}

/**
 * WhatsApp (decision 078): the number in international form, a code sent to it on WhatsApp to
 * confirm it (the consent recorded then), and turning it off.
 */
function WhatsAppForms({ state }: { state: WhatsAppState }) {
  const numberForm = useFormOutcome({ intent: "whatsapp-number" });
  const codeForm = useFormOutcome({ intent: "whatsapp-code" });
  const offForm = useFormOutcome({ intent: "whatsapp-off" });
  const current = state.number;
  const numberError =
    numberForm.inline && !numberForm.inline.ok ? numberForm.inline.error : undefined;
  const typed =
    numberForm.inline && !numberForm.inline.ok
      ? numberForm.inline.values?.whatsappNumber
      : undefined;
  return (
    <section aria-labelledby="settings-whatsapp-heading" className="space-y-4 border-t pt-6">
      <h3 id="settings-whatsapp-heading" className="font-medium">
        WhatsApp
      </h3>
      <p className="text-sm text-muted-foreground" role="status">
        {current?.confirmed
          ? `WhatsApp notifications go to ${current.number}. Reply STOP to any of them to end them.`
          : current?.codePending
            ? `We sent a code to ${current.number} on WhatsApp. Enter it below to confirm the number.`
            : "Get the kinds ticked 'On WhatsApp' on your phone, and answer reviews and messages from WhatsApp."}
      </p>
      <numberForm.fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="whatsapp-number" />
        <Field
          id="settings-whatsapp-number"
          label="WhatsApp number"
          description="In international form, such as +27 82 123 4567. We send a code to it on WhatsApp."
          error={numberError}
        >
          <Input
            name="whatsappNumber"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={30}
            key={typed ?? current?.number ?? ""}
            defaultValue={typed ?? current?.number ?? ""}
          />
        </Field>
        <p className="text-sm text-muted-foreground">
          By confirming the number you agree that we send you these notifications on WhatsApp, as
          our{" "}
          <a href="/legal/privacy" className="underline">
            privacy notice
          </a>{" "}
          describes; we record when you agreed and to which version. Reply STOP, or turn it off
          here, at any time.
        </p>
        <FormResult result={numberForm.inline} />
        <Button type="submit" variant="outline" disabled={numberForm.busy}>
          {numberForm.busy ? "Sending..." : "Send code"}
        </Button>
      </numberForm.fetcher.Form>
      {current?.codePending ? (
        <codeForm.fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="whatsapp-code" />
          <Field
            id="settings-whatsapp-code"
            label="Code from WhatsApp"
            error={codeForm.inline && !codeForm.inline.ok ? codeForm.inline.error : undefined}
          >
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="max-w-32"
            />
          </Field>
          <FormResult result={codeForm.inline} />
          <Button type="submit" disabled={codeForm.busy}>
            {codeForm.busy ? "Confirming..." : "Confirm number"}
          </Button>
        </codeForm.fetcher.Form>
      ) : null}
      {current?.confirmed ? (
        <offForm.fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="whatsapp-off" />
          <FormResult result={offForm.inline} />
          <Button type="submit" variant="outline" disabled={offForm.busy}>
            {offForm.busy ? "Turning off..." : "Turn off WhatsApp"}
          </Button>
        </offForm.fetcher.Form>
      ) : null}
    </section>
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
  choices,
  reviewReminderDays,
  whatsapp = null,
}: {
  choices: NotificationChoice[];
  /** The workspace's reminder setting (administrators only; null for contacts). */
  reviewReminderDays: number | null;
  /** Null when WhatsApp is not configured: the channel is hidden. */
  whatsapp?: WhatsAppState | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          {whatsapp
            ? "What reaches you, and where: in the portal (the bell at the top), by e-mail and on WhatsApp."
            : "What reaches you, and where: in the portal (the bell at the top) and by e-mail."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <ChoicesForm choices={choices} />
        {whatsapp ? <WhatsAppForms state={whatsapp} /> : null}
        {reviewReminderDays === null ? null : <ReviewReminderForm days={reviewReminderDays} />}
      </CardContent>
    </Card>
  );
}

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { CLIENT_NAME_MAX } from "~/lib/validation/clients";

/** A contact renames their own client (the company every contact of it shares). */
export function CompanyCard({ name }: { name: string }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "company-name" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Company</CardTitle>
        <CardDescription>
          Your company's name, as everyone at your company and our team sees it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="company-name" />
          <Field id="settings-company" label="Company name">
            <Input
              name="name"
              autoComplete="organization"
              required
              maxLength={CLIENT_NAME_MAX}
              // Remounts when the saved name changes, so the field shows it.
              key={name}
              defaultValue={name}
            />
          </Field>
          <FormResult result={inline} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save company name"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { type Period, periodSearch } from "~/lib/validation/period-values";

/**
 * The period a page shows (Analytics, Reports): a plain GET form, so it works before and
 * without JavaScript and the address says what is shown.
 */
export function PeriodForm({ period, error }: { period: Period; error: string | null }) {
  return (
    <div className="space-y-3 print:hidden">
      <FormResult result={error ? { ok: false, error: error } : null} />
      <form
        method="get"
        className="flex flex-wrap items-end gap-4"
        aria-label="Choose the period"
        key={periodSearch(period)}
      >
        <Field id="period-range" label="Period" className="w-48">
          <NativeSelect name="range" defaultValue={period.choice}>
            <option value="30">Last 30 days</option>
            <option value="90">Last 90 days</option>
            <option value="365">Last 365 days</option>
            <option value="custom">Custom dates</option>
          </NativeSelect>
        </Field>
        <Field id="period-from" label="From" className="w-44">
          <Input type="date" name="from" defaultValue={period.from} />
        </Field>
        <Field id="period-to" label="To" className="w-44">
          <Input type="date" name="to" defaultValue={period.to} />
        </Field>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">
        From and To apply when the period is Custom dates. Showing: {period.label}.
      </p>
    </div>
  );
}

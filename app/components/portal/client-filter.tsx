import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { NativeSelect } from "~/components/ui/native-select";

export interface ClientChoice {
  id: string;
  name: string;
}

/** The options of a client select: the empty choice first, then every client by name. */
export function ClientOptions({ clients, none }: { clients: ClientChoice[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {clients.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

/**
 * The administrators' 'Client' filter of a list (`?client=`): a real GET form, so it works
 * before scripts arrive, and the URL says what is shown. A new filter starts at the first page.
 */
export function ClientFilter({
  label,
  clients,
  selected,
  error,
}: {
  /** The form's name, e.g. 'Filter projects'. */
  label: string;
  clients: ClientChoice[];
  selected: string | null;
  error: string | null;
}) {
  const { pathname } = useLocation();
  return (
    <div className="space-y-3">
      <FormResult result={error ? { ok: false, error: error } : null} />
      <Form method="get" className="flex flex-wrap items-end gap-4" aria-label={label}>
        <Field label="Client" className="min-w-56">
          <NativeSelect name="client" defaultValue={selected ?? ""} key={selected ?? "all"}>
            <ClientOptions clients={clients} none="All clients" />
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {selected ? (
          <Button asChild variant="ghost">
            <Link to={pathname}>Clear</Link>
          </Button>
        ) : null}
      </Form>
    </div>
  );
}

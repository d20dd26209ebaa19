import { Form, useNavigation } from "react-router";
import { Eye } from "~/components/icons";
import { Button } from "~/components/ui/button";

/** The path of 'View as client' and its way back (routes/portal/view-as.ts). */
const VIEW_AS_ACTION = "/portal/view-as";

/**
 * Says that an administrator sees the portal as a client's contacts do, read-only, and gives
 * the way back (decision 018). A real form: it works before the page's scripts arrive.
 */
export function ViewingAsBanner({ clientName }: { clientName: string }) {
  const navigation = useNavigation();
  const stopping = navigation.state !== "idle" && navigation.formAction === VIEW_AS_ACTION;
  return (
    <section
      aria-labelledby="viewing-as-heading"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-primary/30 bg-primary/10 px-4 py-3 md:px-8"
    >
      <Eye className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="viewing-as-heading" className="font-semibold">
          Viewing as {clientName} — read-only
        </h2>
        <p className="text-sm text-muted-foreground">
          You see the portal as this client's contacts do. Nothing can be changed while viewing.
        </p>
      </div>
      <Form method="post" action={VIEW_AS_ACTION}>
        <input type="hidden" name="intent" value="stop" />
        <Button type="submit" variant="outline" size="sm" disabled={stopping}>
          Stop viewing as client
        </Button>
      </Form>
    </section>
  );
}

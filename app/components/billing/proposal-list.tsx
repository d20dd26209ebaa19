import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LoadMore } from "~/components/ui/load-more";
import { formatDate } from "~/lib/dates";
import { formatRand } from "~/lib/money";
import { PROPOSAL_STATE_LABELS, type ProposalState } from "~/lib/validation/billing-values";

export interface ProposalListRow {
  id: string;
  title: string;
  clientName: string;
  state: ProposalState;
  validUntil: string;
  onceOffCents: number;
  monthlyCents: number;
}

/** The search parameter of the proposals' cursor (the Billing page has several lists). */
export const PROPOSALS_CURSOR = "proposals-cursor";

/** The Billing page's proposals: to accept (contacts), or every client's (the agency). */
export function ProposalList({
  proposals,
  next,
  canCreate,
  showClient,
}: {
  proposals: ProposalListRow[];
  /** The next page's cursor (app/lib/pagination.ts), or null on the last. */
  next: string | null;
  canCreate: boolean;
  showClient: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Proposals</CardTitle>
        <CardDescription>
          {canCreate
            ? "Write a proposal for a client, send it, and see who accepted."
            : "Proposals from us: open one to read it, then accept or decline it."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canCreate ? (
          <Button asChild>
            <Link to="/portal/billing/proposals/new">New proposal</Link>
          </Button>
        ) : null}
        {proposals.length === 0 ? (
          <p className="text-muted-foreground text-sm">No proposals yet.</p>
        ) : (
          <ul className="divide-y">
            {proposals.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link
                    to={`/portal/billing/proposals/${p.id}`}
                    className="break-words font-medium text-primary hover:underline"
                  >
                    {p.title}
                  </Link>
                  <p className="text-muted-foreground text-sm">
                    {showClient ? `${p.clientName} · ` : ""}
                    {[
                      p.onceOffCents > 0 ? `${formatRand(p.onceOffCents)} once-off` : null,
                      p.monthlyCents > 0 ? `${formatRand(p.monthlyCents)} monthly` : null,
                    ]
                      .filter(Boolean)
                      .join(" + ")}{" "}
                    excl. VAT · valid until {formatDate(p.validUntil)}
                  </p>
                </div>
                <Badge variant="secondary">{PROPOSAL_STATE_LABELS[p.state]}</Badge>
              </li>
            ))}
          </ul>
        )}
        <LoadMore
          next={next}
          param={PROPOSALS_CURSOR}
          label="Load more proposals"
          navLabel="More proposals"
        />
      </CardContent>
    </Card>
  );
}

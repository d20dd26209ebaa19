import { PROPOSAL_NOT_FOUND } from "~/lib/validation/billing-values";
import { getBusinessDetails } from "~/server/billing/business.server";
import { renderProposalPdf } from "~/server/billing/proposal-pdf.server";
import { getProposal } from "~/server/billing/proposals.server";
import { now } from "~/server/clock.server";
import { parseId } from "~/server/workspace/scope.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/proposal-pdf";
import { billingViewer, requireBilling } from "./billing.server";
import { pdfDownload } from "./pdf-download.server";

/** 'Download PDF': a proposal the person may see; an accepted one with its acceptance page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  const id = parseId(params.id);
  const proposal = id ? await getProposal(ctx.db, billingViewer(ctx), id, now()) : null;
  if (!proposal) throw notFound(PROPOSAL_NOT_FOUND);
  const pdf = await renderProposalPdf(proposal, await getBusinessDetails(ctx.db));
  const name = `proposal-${
    proposal.title
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "proposal"
  }.pdf`;
  return pdfDownload(pdf, name);
}

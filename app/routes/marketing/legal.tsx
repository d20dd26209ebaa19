import { data } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { LegalDocument } from "~/components/marketing/legal-document";
import { legalPage } from "~/components/marketing/static-sections.server";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import { navBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/legal";

/** The document, its body rendered here so its text is not in the page's JavaScript (017). */
export function loader({ params }: Route.LoaderArgs) {
  const doc = legalPage(params.doc);
  if (!doc) throw data(null, { status: 404 });
  return { doc, breadcrumbs: navBreadcrumbJsonLd(`/legal/${doc.slug}`) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  if (!doc) return notFoundMeta;
  return pageMeta({ title: doc.title, description: doc.description, path: `/legal/${doc.slug}` });
}

export default function Legal({ loaderData: { doc, breadcrumbs } }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <LegalDocument doc={doc} />
      <JsonLd json={breadcrumbs} />
    </main>
  );
}

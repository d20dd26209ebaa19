import { data } from "react-router";
import { BreadcrumbData } from "~/components/marketing/breadcrumbs";
import { LegalDocument } from "~/components/marketing/legal-document";
import { legalPage } from "~/components/marketing/static-sections.server";
import { navCrumb } from "~/content/breadcrumbs";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal";

/** The document, its body rendered here so its text is not in the page's JavaScript (017). */
export function loader({ params }: Route.LoaderArgs) {
  const doc = legalPage(params.doc);
  if (!doc) throw data(null, { status: 404 });
  return { doc };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  if (!doc) return notFoundMeta;
  return pageMeta({ title: doc.title, description: doc.description, path: `/legal/${doc.slug}` });
}

export default function Legal({ loaderData: { doc } }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <LegalDocument doc={doc} />
      <BreadcrumbData items={[navCrumb(`/legal/${doc.slug}`)]} />
    </main>
  );
}

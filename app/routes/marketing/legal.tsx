import { data } from "react-router";
import { BreadcrumbData } from "~/components/marketing/breadcrumbs";
import { LegalDocument } from "~/components/marketing/legal-document";
import { NotFound } from "~/components/not-found";
import { navCrumb } from "~/content/breadcrumbs";
import { getLegalDoc } from "~/content/legal";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal";

export function loader({ params }: Route.LoaderArgs) {
  if (!getLegalDoc(params.doc)) throw data(null, { status: 404 });
  return null;
}

export function meta({ params }: Route.MetaArgs) {
  const doc = getLegalDoc(params.doc);
  if (!doc) return notFoundMeta;
  return pageMeta({ title: doc.title, description: doc.description, path: `/legal/${doc.slug}` });
}

export default function Legal({ params }: Route.ComponentProps) {
  const doc = getLegalDoc(params.doc);
  if (!doc) return <NotFound />;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <LegalDocument doc={doc} />
      <BreadcrumbData items={[navCrumb(`/legal/${doc.slug}`)]} />
    </main>
  );
}

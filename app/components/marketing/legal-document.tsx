import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { StaticHtml } from "~/components/static-html";
import type { LegalBlock, LegalDoc } from "~/content/legal";
import { formatDate } from "~/lib/dates";
import { Container } from "./section";

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p className="leading-relaxed text-foreground/90">{block.text}</p>;
    case "list":
      return (
        <ul className="list-disc space-y-2 pl-6 leading-relaxed text-foreground/90">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{block.caption}</caption>
            <thead className="bg-muted">
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map(([first, ...rest]) => (
                <tr key={first} className="border-t align-top">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {first}
                  </th>
                  {rest.map((cell) => (
                    <td key={cell} className="px-4 py-3 text-foreground/90">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "link":
      return (
        <p>
          <a
            href={block.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
          >
            {block.label}
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLink className="size-4" aria-hidden />
          </a>
        </p>
      );
  }
}

/** What a legal page shows with React: everything but its body (rendered by the loader). */
export interface LegalPage {
  slug: string;
  title: string;
  description: string;
  lastUpdated: string;
  version?: string;
  intro: string;
  /** The contents and sections, as HTML the loader rendered (`LegalBody`, decision 017). */
  bodyHtml: string;
  others: { slug: string; title: string }[];
}

/**
 * A legal document's contents and sections: no state, no router, rendered only by the loader
 * (`renderStatic`), so the documents' text is not in the page's JavaScript (issue 38).
 */
export function LegalBody({ doc }: { doc: Pick<LegalDoc, "sections"> }) {
  return (
    <>
      <nav aria-labelledby="toc-heading" className="my-8 rounded-lg bg-muted/60 p-6">
        <h2 id="toc-heading" className="text-sm font-semibold">
          On this page
        </h2>
        <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-primary hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="space-y-10">
        {doc.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id} className="scroll-mt-24 text-2xl font-semibold tracking-tight">
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4">
              {section.blocks.map((block, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
                <Block key={i} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

/** A legal page: title, last-updated date, contents and sections. */
export function LegalDocument({ doc }: { doc: LegalPage }) {
  return (
    <Container width="narrow" className="py-12 md:py-16">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{doc.title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Last updated: <time dateTime={doc.lastUpdated}>{formatDate(doc.lastUpdated)}</time>
          {doc.version ? ` · Version ${doc.version}` : null}
        </p>
        <p className="mt-6 text-lg leading-relaxed">{doc.intro}</p>
      </header>

      <StaticHtml html={doc.bodyHtml} className="contents" />

      <nav aria-label="Other legal documents" className="mt-12 border-t pt-6 text-sm">
        <ul className="flex flex-wrap gap-4">
          {doc.others.map((d) => (
            <li key={d.slug}>
              <Link to={`/legal/${d.slug}`} className="font-medium text-primary hover:underline">
                {d.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}

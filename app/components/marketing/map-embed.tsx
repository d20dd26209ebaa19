import { ExternalLink, MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { StaticHtml } from "~/components/static-html";
import { Button } from "~/components/ui/button";
import { contactPage, osmEmbedUrl, osmLink } from "~/content/contact-page";
import { formatAddress, site } from "~/content/site";

/**
 * The office map. Nothing from a third party loads until the visitor asks for it (POPIA and
 * performance): a static illustration first, the OpenStreetMap frame after 'Show map'.
 * 'Show map' is a form that opens `/contact/map` (the page with the map open), so it works
 * before the scripts arrive and without JavaScript; once hydrated it opens the map in place.
 */
export function MapEmbed({
  shown: shownAtFirst = false,
  picture,
}: {
  shown?: boolean;
  /** `MapIllustration` as HTML, rendered by the page's loader (decision 118). */
  picture: string;
}) {
  const [shown, setShown] = useState(shownAtFirst);
  const [asked, setAsked] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (asked) frameRef.current?.focus();
  }, [asked]);

  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      {shown ? (
        <iframe
          ref={frameRef}
          title="Find Us – map"
          src={osmEmbedUrl(site.map)}
          className="block h-96 w-full border-0"
          loading="lazy"
        />
      ) : (
        <div className="relative h-96 bg-accent/40">
          <StaticHtml html={picture} className="contents" />
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <div className="max-w-md rounded-lg border bg-background/95 p-6 text-center shadow-md">
              <MapPin className="mx-auto mb-2 size-8 text-primary" aria-hidden />
              <p className="font-semibold">
                {site.name}, {site.address.city}
              </p>
              <p className="mt-2 text-xs text-muted-foreground">{contactPage.mapNotice}</p>
              <form
                method="get"
                action="/contact/map#map-heading"
                onSubmit={(event) => {
                  event.preventDefault();
                  setShown(true);
                  setAsked(true);
                }}
              >
                <Button type="submit" className="mt-4">
                  Show map
                </Button>
              </form>
            </div>
          </div>
        </div>
      )}
      <div className="flex flex-col gap-2 border-t px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <address className="not-italic text-muted-foreground">
          {formatAddress()}, {site.address.country}
        </address>
        <a
          href={osmLink(site.map)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          View larger map<span className="sr-only"> on OpenStreetMap (opens in a new tab)</span>
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </div>
    </div>
  );
}

/** A decorative street-map pattern with a pin, drawn inline (no network request). */
export function MapIllustration() {
  return (
    <svg
      viewBox="0 0 800 400"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full dark:[filter:invert(0.88)_hue-rotate(180deg)]"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="800" height="400" fill="#eef0fb" />
      <path d="M0 300 Q200 260 400 290 T800 270 V400 H0Z" fill="#cfe3f7" />
      <g fill="#dfe3f4">
        <rect x="40" y="30" width="150" height="90" rx="6" />
        <rect x="230" y="30" width="120" height="90" rx="6" />
        <rect x="390" y="30" width="170" height="90" rx="6" />
        <rect x="600" y="30" width="160" height="90" rx="6" />
        <rect x="40" y="160" width="150" height="80" rx="6" />
        <rect x="230" y="160" width="120" height="80" rx="6" />
        <rect x="600" y="160" width="160" height="80" rx="6" />
      </g>
      <rect x="390" y="160" width="170" height="80" rx="6" fill="#d7ecd9" />
      <g stroke="#ffffff" strokeWidth="14" strokeLinecap="round">
        <path d="M0 140 H800" />
        <path d="M210 0 V300" />
        <path d="M370 0 V300" />
        <path d="M580 0 V300" />
      </g>
      <path d="M0 250 L800 200" stroke="#f5d28a" strokeWidth="10" />
      <circle cx="475" cy="140" r="34" fill="#2f3fb4" opacity="0.15" />
    </svg>
  );
}

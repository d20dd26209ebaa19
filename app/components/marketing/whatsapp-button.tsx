import { site, whatsappLink } from "~/content/site";

/** Floating chat button: opens a WhatsApp conversation with the business. */
export function WhatsAppButton() {
  return (
    <a
      href={whatsappLink()}
      target="_blank"
      rel="noopener noreferrer"
      title={`Chat with ${site.name} on WhatsApp`}
      className="fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-[#128C7E] text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {/* A file rather than inline SVG: the logo's long path stays out of every page's JavaScript. */}
      <img
        src="/whatsapp.svg"
        alt=""
        width={28}
        height={28}
        // Lazy: React would otherwise preload it in the head, ahead of what the page shows.
        loading="lazy"
        className="size-7"
      />
      <span className="sr-only">Chat with {site.name} on WhatsApp (opens in a new tab)</span>
    </a>
  );
}

import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { companyNav, legalNav } from "~/content/navigation";
import { services } from "~/content/services";
import { formatAddress, site } from "~/content/site";
import { Logo } from "./logo";
import { WhatsAppButton } from "./whatsapp-button";

const COPYRIGHT_YEAR = 2025;

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <Logo />
            <span className="text-lg">{site.name}</span>
          </Link>
          <p className="text-sm text-muted-foreground">
            AI chatbots, workflow automation, voice agents and websites for South African
            businesses.
          </p>
        </div>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="mb-3 text-sm font-semibold">
            Services
          </h2>
          <ul className="space-y-2 text-sm">
            {services.map((s) => (
              <li key={s.slug}>
                <Link to={s.link} className="text-muted-foreground hover:text-foreground">
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 text-sm font-semibold">
            Company
          </h2>
          <ul className="space-y-2 text-sm">
            {companyNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="text-muted-foreground hover:text-foreground">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 text-sm font-semibold">Contact</h2>
          <address className="space-y-2 text-sm not-italic text-muted-foreground">
            <p className="flex items-start gap-2">
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
              <a href={`tel:${site.phoneE164}`} className="hover:text-foreground">
                {site.phone}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
              <a href={`mailto:${site.email}`} className="hover:text-foreground">
                {site.email}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{formatAddress()}</span>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-6 pb-24 text-sm md:pb-6 text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {COPYRIGHT_YEAR} {site.legalName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-4">
              {legalNav.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="hover:text-foreground">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      {/* Floats over the page; kept in the footer so it sits inside a landmark. */}
      <WhatsAppButton />
    </footer>
  );
}

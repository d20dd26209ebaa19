/**
 * The business's identity and contact details: the one place they live.
 * Each value can be overridden at build time with a VITE_SITE_* environment variable
 * (public pages are prerendered, so overrides take effect on the next build).
 */
const env = (import.meta.env ?? {}) as Record<string, string | undefined>;

function pick(name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export interface SiteConfig {
  name: string;
  legalName: string;
  tagline: string;
  /** Display form of the phone number. */
  phone: string;
  /** E.164 form of the phone number, for tel: links and structured data. */
  phoneE164: string;
  email: string;
  address: {
    street: string;
    suburb: string;
    city: string;
    province: string;
    postalCode: string;
    country: string;
    countryCode: string;
  };
  /** WhatsApp number, digits only with country code. */
  whatsapp: string;
  map: { latitude: number; longitude: number; zoom: number };
  /** Office hours for people to read. */
  hours: string;
  /** The same office hours for machines (structured data), in South African time. */
  openingHours: { days: string[]; opens: string; closes: string };
  url: string;
}

const phone = pick("VITE_SITE_PHONE", "+27 21 555 0142");

export const site: SiteConfig = {
  name: pick("VITE_SITE_NAME", "Kopano AI"),
  legalName: pick("VITE_SITE_LEGAL_NAME", "Kopano AI (Pty) Ltd"),
  tagline: "AI & automation for South African businesses",
  phone,
  phoneE164: `+${phone.replace(/\D/g, "")}`,
  email: pick("VITE_SITE_EMAIL", "hello@kopano.ai"),
  address: {
    street: pick("VITE_SITE_STREET", "4th Floor, 80 Strand Street"),
    suburb: pick("VITE_SITE_SUBURB", "Cape Town City Centre"),
    city: pick("VITE_SITE_CITY", "Cape Town"),
    province: pick("VITE_SITE_PROVINCE", "Western Cape"),
    postalCode: pick("VITE_SITE_POSTAL_CODE", "8001"),
    country: "South Africa",
    countryCode: "ZA",
  },
  whatsapp: pick("VITE_SITE_WHATSAPP", phone).replace(/\D/g, ""),
  map: {
    latitude: Number(pick("VITE_SITE_MAP_LAT", "-33.9189")),
    longitude: Number(pick("VITE_SITE_MAP_LNG", "18.4233")),
    zoom: 16,
  },
  hours: "Mon–Fri 08:00–17:00 SAST",
  openingHours: {
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    opens: "08:00",
    closes: "17:00",
  },
  url: pick("VITE_SITE_URL", "http://localhost:3000").replace(/\/$/, ""),
};

export function formatAddress(s: SiteConfig = site): string {
  const a = s.address;
  return `${a.street}, ${a.suburb}, ${a.city}, ${a.postalCode}`;
}

export function whatsappLink(s: SiteConfig = site): string {
  const text = `Hi ${s.name}, I'd like to find out more about your AI and automation services.`;
  return `https://wa.me/${s.whatsapp}?text=${encodeURIComponent(text)}`;
}

/**
 * The contact page's own text and its map's links, apart from the lead forms' text (contact.ts)
 * so that the forms' shared chunk, loaded on every form page, does not carry them (issue 38).
 */
import { site } from "./site";

export const contactPage = {
  title: "Contact Us",
  intro:
    "Have a question or a project in mind? Send us a message, call us or book a free consultation. We reply within 24 hours on business days.",
  detailsTitle: "Get in Touch",
  scheduleTitle: "Schedule a Demo",
  scheduleText:
    "Book a 30-minute consultation with one of our specialists. We'll look at your processes and show you where AI and automation can save time and money.",
  scheduleButton: "Book Calendly Meeting",
  /** The booking page the button opens (issue 33): the 30-minute consultation. */
  scheduleHref: "/book/consultation",
  formTitle: "Send Us a Message",
  formIntro: "Tell us a little about your business and what you would like to achieve.",
  mapTitle: "Find Us",
  mapIntro: `Visit us at our ${site.address.city} office. Parking is available in nearby public garages.`,
  mapNotice:
    "The map is provided by OpenStreetMap. To protect your privacy it loads only when you ask for it; OpenStreetMap then receives your IP address.",
};

/** OpenStreetMap embed URL for a point, with a small bounding box around it. */
export function osmEmbedUrl(map: { latitude: number; longitude: number } = site.map): string {
  const dLat = 0.004;
  const dLng = 0.007;
  const { latitude: lat, longitude: lng } = map;
  const bbox = [lng - dLng, lat - dLat, lng + dLng, lat + dLat].map((n) => n.toFixed(5)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`;
}

/** Link to the full OpenStreetMap page for a point. */
export function osmLink(
  map: { latitude: number; longitude: number; zoom: number } = site.map,
): string {
  const { latitude: lat, longitude: lng, zoom } = map;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
}

import { privacyNotice, whatsappChatRetentionDays } from "./privacy-notice";
import { formatAddress, site } from "./site";

export const legalSlugs = ["privacy", "terms", "cookies", "paia-manual"] as const;
export type LegalSlug = (typeof legalSlugs)[number];

export type LegalBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; caption: string; head: string[]; rows: string[][] }
  | { kind: "link"; label: string; href: string };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDoc {
  slug: LegalSlug;
  title: string;
  /** For the page's meta description. */
  description: string;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  /** The version shown beside the date (the privacy notice's is recorded with every consent). */
  version?: string;
  intro: string;
  sections: LegalSection[];
}

/** Marks what the business must still supply; shown as is on the pages until it does. */
export const TO_BE_CONFIRMED = "[to be confirmed]";

/**
 * The person responsible for POPIA compliance (POPIA section 55, registered with the
 * Information Regulator). The business supplies the name; until then it reads as to be confirmed.
 */
export const informationOfficer = {
  name: TO_BE_CONFIRMED,
  role: "Information Officer",
  email: site.email,
  phone: site.phone,
};

/** The supervisory authority for POPIA and PAIA (its own public contact details). */
export const informationRegulator = {
  name: "Information Regulator (South Africa)",
  website: "https://inforegulator.org.za",
  email: "enquiries@inforegulator.org.za",
};

export { privacyNotice };

const p = (text: string): LegalBlock => ({ kind: "paragraph", text });
const ul = (...items: string[]): LegalBlock => ({ kind: "list", items });

const privacy: LegalDoc = {
  slug: "privacy",
  title: "Privacy Policy",
  description: `How ${site.legalName} collects, uses and protects your personal information under the Protection of Personal Information Act (POPIA).`,
  lastUpdated: privacyNotice.date,
  version: privacyNotice.version,
  intro: `${site.legalName} ("${site.name}", "we", "us") respects your privacy. This policy explains what personal information we collect through this website and our customer portal, why we collect it, how we protect it and the rights you have under the Protection of Personal Information Act 4 of 2013 (POPIA).`,
  sections: [
    {
      id: "who-we-are",
      heading: "1. Who we are",
      blocks: [
        p(
          `${site.legalName} is the responsible party for the personal information described in this policy. Our address is ${formatAddress()}, ${site.address.country}. You can reach us on ${site.phone} or at ${site.email}.`,
        ),
        p(
          `Our Information Officer is ${informationOfficer.name}. For any question or request about your personal information, e-mail ${informationOfficer.email} with "Attention: Information Officer" in the subject line, call ${informationOfficer.phone}, or write to us at the address above.`,
        ),
      ],
    },
    {
      id: "what-we-collect",
      heading: "2. What we collect",
      blocks: [
        p("We collect only the information we need for the purpose you give it to us for:"),
        ul(
          "Contact form: your name, e-mail address, and optionally your phone number and company, plus your message.",
          "Quote request form: the package you are interested in, your name, e-mail address, phone number, address, preferred project start and finish dates, and your message.",
          "Customer portal account: your full name, e-mail address and password (stored only as a secure one-way hash), your projects and the messages you send through the portal, and, if you switch them on, your two-factor authentication settings and passkeys.",
          "Technical information: when you visit the site our servers record your IP address, browser type, the pages requested and the time of the request. We use this to keep the service secure and working, and delete these logs after 30 days.",
          `Your consent: when you submit a form or create an account we record that you saw this notice, which version it was (this is version ${privacyNotice.version}), and the date and time. If you ask for marketing e-mail, we record that too, with its date and time.`,
        ),
        p(
          "The site assistant on our Demo page answers from this website's own pages. We do not store your questions, unless you ask it to pass a question to our team: then we keep your name, e-mail address and the conversation, to reply to you, like a contact form message.",
        ),
        p(
          `The same assistant answers messages to our WhatsApp number. We keep your WhatsApp number, your WhatsApp profile name and the conversation, so that it can follow what you asked before. If it passes your question to our team, the conversation is kept with your enquiry, like a contact form message; if not, it is deleted ${whatsappChatRetentionDays} days after your last message.`,
        ),
        p(
          "We do not knowingly collect special personal information (such as health information) through this website, and we ask you not to include it in your messages.",
        ),
      ],
    },
    {
      id: "why-we-use-it",
      heading: "3. Why we use it and on what basis",
      blocks: [
        ul(
          "To reply to your enquiry or prepare and send a quote you asked for (with your consent, and to take steps towards a contract at your request).",
          "To provide the customer portal and the services we have agreed with you (to perform our contract with you).",
          "To keep our website, portal and systems secure, prevent abuse and fix problems (our legitimate interest in running a safe service).",
          "To keep records that the law requires, such as tax and accounting records (a legal obligation).",
        ),
        p(
          "We do not sell your personal information, and we do not use it for direct marketing unless you have asked us to: the forms and the sign-up page have a separate box for marketing e-mail, which is never ticked for you. Every marketing message we send includes a link to opt out at once, as section 69 of POPIA requires.",
        ),
      ],
    },
    {
      id: "sharing",
      heading: "4. Who we share it with",
      blocks: [
        p(
          "Your information is seen only by our staff who need it to help you. We use a small number of service providers (operators) to run our business, such as our hosting provider and our e-mail delivery service. They process personal information only on our instructions, under written agreements that require appropriate security measures, as section 21 of POPIA requires.",
        ),
        p(
          "Some of these providers may store information outside South Africa. We only transfer personal information across borders where the recipient is bound by laws, binding rules or an agreement that give it protection substantially similar to POPIA, as section 72 allows.",
        ),
        p(
          "We will disclose personal information if the law requires it, for example under a court order.",
        ),
      ],
    },
    {
      id: "retention",
      heading: "5. How long we keep it",
      blocks: [
        ul(
          "Enquiries and quote requests, and the e-mails we sent about them: 24 months after we last worked on them, then deleted automatically.",
          "Customer portal accounts: while your account is active. When you delete your account (Settings, Delete my account), it is erased 14 days later unless you sign in again before then; records we must keep, such as invoices, stay without your name.",
          "Contracts, invoices and related records: five years, as tax law requires.",
          "Server logs: 30 days.",
          `WhatsApp conversations with our site assistant that were not passed to our team: ${whatsappChatRetentionDays} days after your last message, then deleted automatically.`,
        ),
      ],
    },
    {
      id: "security",
      heading: "6. How we protect it",
      blocks: [
        p(
          "We take reasonable technical and organisational measures to protect your information against loss, damage and unauthorised access, as section 19 of POPIA requires. These include encrypted connections (HTTPS), hashed passwords, optional two-factor authentication, access limited to the people who need it, regular backups and security updates.",
        ),
        p(
          "If we have reason to believe your personal information has been accessed by someone without authority, we will notify you and the Information Regulator as soon as reasonably possible.",
        ),
      ],
    },
    {
      id: "your-rights",
      heading: "7. Your rights",
      blocks: [
        p("Under POPIA you have the right to:"),
        ul(
          "ask whether we hold personal information about you and request a copy of it (portal users can download it at once: Settings, Download my data);",
          "ask us to correct information that is inaccurate, out of date or incomplete;",
          "ask us to delete information we are no longer allowed to keep (portal users: Settings, Delete my account; if you sent us a message or quote request: Ask us to delete my details, on our Contact page);",
          "object to our processing of your information on reasonable grounds;",
          "withdraw your consent at any time, without affecting processing that took place before;",
          "refuse direct marketing; and",
          "lodge a complaint with the Information Regulator.",
        ),
        p(
          `To use any of these rights, contact our Information Officer at ${informationOfficer.email} or on ${informationOfficer.phone}. We will respond within 30 days and may ask you to confirm your identity first. Requests for records are handled under the Promotion of Access to Information Act (PAIA), as our PAIA manual describes.`,
        ),
        { kind: "link", label: "Our PAIA manual", href: "/legal/paia-manual" },
        p(
          `If you are not satisfied with how we handle your request, you may complain to the ${informationRegulator.name}: ${informationRegulator.website}, e-mail ${informationRegulator.email}.`,
        ),
        {
          kind: "link",
          label: "Information Regulator website",
          href: informationRegulator.website,
        },
      ],
    },
    {
      id: "cookies",
      heading: "8. Cookies and third-party content",
      blocks: [
        p(
          "We use only essential cookies, and none on our public pages. Our Cookie Policy lists them. The map on our Contact page is provided by OpenStreetMap and loads only when you choose to show it; OpenStreetMap then receives your IP address. The WhatsApp chat button opens WhatsApp, which is governed by WhatsApp's own privacy policy.",
        ),
      ],
    },
    {
      id: "children",
      heading: "9. Children",
      blocks: [
        p(
          "Our website and services are meant for businesses and are not directed at children under 18. We do not knowingly collect personal information about children.",
        ),
      ],
    },
    {
      id: "changes",
      heading: "10. Changes to this policy",
      blocks: [
        p(
          "We may update this policy from time to time. The date at the top shows when it last changed. If we make a significant change that affects how we use information you have already given us, we will tell you before it takes effect.",
        ),
      ],
    },
  ],
};

const terms: LegalDoc = {
  slug: "terms",
  title: "Terms of Service",
  description: `The terms that apply when you use the ${site.name} website, demo and customer portal, including the information required by the ECT Act.`,
  lastUpdated: "2025-11-01",
  intro: `These terms apply to your use of this website, the demo and the customer portal provided by ${site.legalName}. By using them you agree to these terms. If you do not agree, please do not use the website.`,
  sections: [
    {
      id: "about-us",
      heading: "1. About us",
      blocks: [
        p(
          "In line with section 43 of the Electronic Communications and Transactions Act 25 of 2002 (ECTA), we provide the following information:",
        ),
        ul(
          `Full name and legal status: ${site.legalName}, a private company registered in South Africa.`,
          `Physical and postal address: ${formatAddress()}, ${site.address.country}.`,
          `Telephone: ${site.phone}.`,
          `E-mail: ${site.email}.`,
          `Website: ${site.url}.`,
          "Company registration and VAT numbers are shown on every quotation and invoice, and are available on request.",
        ),
      ],
    },
    {
      id: "using-the-website",
      heading: "2. Using the website",
      blocks: [
        p(
          "You may use this website to learn about our services, try the demo, request a quote and contact us. You agree not to:",
        ),
        ul(
          "use the website in a way that breaks the law or infringes anyone's rights;",
          "try to gain unauthorised access to the website, the portal or our systems, or interfere with their security or operation;",
          "submit false information, another person's details without their permission, or malicious content; or",
          "use automated tools to scrape or overload the website.",
        ),
      ],
    },
    {
      id: "quotes-and-services",
      heading: "3. Quotes and services",
      blocks: [
        p(
          "Prices and package descriptions on this website are a guide. They are shown in South African rand, exclude VAT unless stated otherwise, and may change without notice. A quote is valid for 30 days from the date we send it.",
        ),
        p(
          "Submitting a quote request or contact form does not create a contract. A project starts only once you have accepted our written proposal and service agreement. If that agreement conflicts with these terms, the agreement applies.",
        ),
        p(
          "If you are a consumer as defined in ECTA and you buy a service from us through an electronic transaction, you may cancel within seven days after the agreement is concluded, without reason or penalty, as section 44 of ECTA provides. This right does not apply to services that began, with your consent, before the seven days ended.",
        ),
      ],
    },
    {
      id: "portal",
      heading: "4. Customer portal accounts",
      blocks: [
        p(
          "You are responsible for keeping your portal password secure and for activity under your account. Tell us immediately if you suspect unauthorised use. We recommend switching on two-factor authentication in your profile settings.",
        ),
        p(
          "We may suspend an account that is used in breach of these terms or that puts the security of the portal or other customers at risk.",
        ),
      ],
    },
    {
      id: "demo",
      heading: "5. The demo",
      blocks: [
        p(
          "The site assistant on the Demo page is an automated program that answers from this website's pages. It is for information only: it does not give advice, and nothing it says forms part of an offer or agreement. Our quotes and agreements are always confirmed by a person.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      heading: "6. Intellectual property",
      blocks: [
        p(
          `The content, design, logos and software of this website belong to ${site.legalName} or its licensors. You may view and print pages for your own business use, but you may not copy, change or republish them without our written permission. Ownership of work we create for you is set out in your service agreement.`,
        ),
      ],
    },
    {
      id: "liability",
      heading: "7. Availability and liability",
      blocks: [
        p(
          "We work hard to keep the website and portal accurate, secure and available, but we cannot guarantee that they will always be error-free or uninterrupted, including during load-shedding or maintenance.",
        ),
        p(
          "To the extent the law allows, we are not liable for indirect or consequential loss arising from your use of the website. Nothing in these terms limits any right you have under the Consumer Protection Act 68 of 2008 or ECTA that cannot legally be limited.",
        ),
      ],
    },
    {
      id: "links",
      heading: "8. Links to other websites",
      blocks: [
        p(
          "The website links to other services such as WhatsApp and OpenStreetMap. We are not responsible for their content or privacy practices; their own terms apply when you use them.",
        ),
      ],
    },
    {
      id: "privacy",
      heading: "9. Privacy",
      blocks: [
        p(
          "We handle your personal information as described in our Privacy Policy and Cookie Policy, which form part of these terms.",
        ),
      ],
    },
    {
      id: "law",
      heading: "10. Governing law and changes",
      blocks: [
        p(
          "These terms are governed by the laws of the Republic of South Africa, and South African courts have jurisdiction over any dispute. We may update these terms from time to time; the date at the top shows when they last changed, and the version published when you use the website applies.",
        ),
        p(`Questions about these terms? Contact us on ${site.phone} or at ${site.email}.`),
      ],
    },
  ],
};

const cookies: LegalDoc = {
  slug: "cookies",
  title: "Cookie Policy",
  description: `${site.name} uses only essential cookies: no tracking, advertising or analytics cookies. See which cookies we set and why.`,
  lastUpdated: "2025-11-01",
  intro:
    "Cookies are small text files that a website stores in your browser. We keep their use to the minimum: we set only cookies that are essential for the customer portal to work, and no tracking, advertising or analytics cookies at all.",
  sections: [
    {
      id: "public-pages",
      heading: "1. Our public pages",
      blocks: [
        p(
          "Browsing our public pages, such as Services, Pricing and Case Studies, sets no cookies. We do not use third-party analytics, advertising pixels or social media trackers.",
        ),
      ],
    },
    {
      id: "essential-cookies",
      heading: "2. Essential cookies in the customer portal",
      blocks: [
        p(
          "When you sign in to the customer portal we set the following cookies. They are strictly necessary for the portal to work, so they do not require your consent, and we never use them to track you.",
        ),
        {
          kind: "table",
          caption: "Cookies we set",
          head: ["Cookie", "Purpose", "How long it lasts"],
          rows: [
            [
              "Session",
              "Keeps you securely signed in to the portal and protects your account against forged requests.",
              "Until you sign out, or after 7 days without activity",
            ],
            [
              "Sidebar state",
              "Remembers whether you keep the portal sidebar open or collapsed.",
              "7 days",
            ],
            ["Theme", "Remembers whether you prefer the light or dark display.", "12 months"],
          ],
        },
      ],
    },
    {
      id: "third-parties",
      heading: "3. Third-party content",
      blocks: [
        p(
          'The map on our Contact page is provided by OpenStreetMap and loads only when you select "Show map". OpenStreetMap then receives your IP address and is governed by its own privacy policy. The WhatsApp button is an ordinary link: nothing from WhatsApp loads until you choose to open it.',
        ),
      ],
    },
    {
      id: "managing-cookies",
      heading: "4. Managing cookies",
      blocks: [
        p(
          "You can delete or block cookies in your browser settings at any time. If you block essential cookies, you will not be able to sign in to the customer portal, but the rest of the website will work normally.",
        ),
        p(
          `If we ever want to use cookies that are not essential, we will update this policy and ask for your consent first. Questions? Contact our Information Officer at ${informationOfficer.email}.`,
        ),
      ],
    },
  ],
};

const paiaManual: LegalDoc = {
  slug: "paia-manual",
  title: "PAIA Manual",
  description: `The manual of ${site.legalName} under section 51 of the Promotion of Access to Information Act: our records, and how to request them.`,
  lastUpdated: privacyNotice.date,
  intro: `This manual is published under section 51 of the Promotion of Access to Information Act 2 of 2000 (PAIA), as amended by the Protection of Personal Information Act 4 of 2013 (POPIA). It tells you which records ${site.legalName} holds and how to ask for access to them. Details marked ${TO_BE_CONFIRMED} are still being supplied by the business.`,
  sections: [
    {
      id: "contact-details",
      heading: "1. Our contact details",
      blocks: [
        ul(
          `Name of the private body: ${site.legalName}.`,
          `Company registration number: ${TO_BE_CONFIRMED}.`,
          `Head of the private body: ${TO_BE_CONFIRMED}.`,
          `Information Officer: ${informationOfficer.name}. Deputy Information Officer: ${TO_BE_CONFIRMED}.`,
          `Physical and postal address: ${formatAddress()}, ${site.address.country}.`,
          `Telephone: ${site.phone}. E-mail: ${informationOfficer.email}. Website: ${site.url}.`,
        ),
      ],
    },
    {
      id: "guide",
      heading: "2. The Information Regulator's guide",
      blocks: [
        p(
          `The ${informationRegulator.name} publishes a guide on how to use PAIA and POPIA, as section 10 of PAIA requires. It is available in every official language on the Regulator's website, ${informationRegulator.website}, and from the Regulator by e-mail at ${informationRegulator.email}. A copy is also available from us on request.`,
        ),
        {
          kind: "link",
          label: "Information Regulator website",
          href: informationRegulator.website,
        },
      ],
    },
    {
      id: "records",
      heading: "3. Records we hold",
      blocks: [
        p("We keep records in the following subjects and categories:"),
        ul(
          "Company records: founding documents, minutes and registers of the company.",
          "Financial and tax records: accounting records, invoices, tax and VAT returns.",
          "Personnel records: employment contracts, payroll and leave records of our staff.",
          "Client records: proposals, service agreements, project records and correspondence.",
          "Website and portal records: enquiries and quote requests, portal accounts, projects and messages, consents and security records, as our Privacy Policy describes.",
          "Supplier records: agreements with our service providers (operators).",
        ),
        p(
          "Records available without a request: the information published on this website, including our Privacy Policy, Terms of Service, Cookie Policy and this manual.",
        ),
        p(
          "We also keep records as other laws require, among them the Companies Act 71 of 2008, the Income Tax Act 58 of 1962, the Value-Added Tax Act 89 of 1991, the Basic Conditions of Employment Act 75 of 1997, the Electronic Communications and Transactions Act 25 of 2002 and POPIA.",
        ),
      ],
    },
    {
      id: "personal-information",
      heading: "4. How we process personal information",
      blocks: [
        ul(
          "Purposes: answering enquiries and quote requests, providing the customer portal and our services, keeping our systems secure, and meeting legal duties.",
          "People concerned: visitors who contact us, clients and their staff, our employees and our suppliers.",
          "Recipients: our staff who need it, and our service providers (hosting and e-mail delivery) under written agreements.",
          "Transfers across borders: only where section 72 of POPIA allows them.",
          "Security: encrypted connections, hashed passwords, two-factor authentication, access limited to those who need it, and backups.",
        ),
        { kind: "link", label: "Our Privacy Policy", href: "/legal/privacy" },
      ],
    },
    {
      id: "requests",
      heading: "5. How to request a record",
      blocks: [
        p(
          `Send your request on the prescribed form (Form 2 of the PAIA regulations, available from the Information Regulator) to our Information Officer at ${informationOfficer.email}. Give enough detail to identify the record, say how you want access, and, if you ask on someone else's behalf, show your authority. We answer within 30 days, as PAIA requires.`,
        ),
        p(
          "A request fee and an access fee may be payable as the PAIA regulations prescribe; we tell you before any fee is due. People asking for their own personal information pay no request fee. Portal users can download their own data at any time from Settings.",
        ),
        p(
          `If we refuse your request, you may complain to the ${informationRegulator.name} (${informationRegulator.email}) or apply to a court.`,
        ),
      ],
    },
    {
      id: "availability",
      heading: "6. Where this manual is available",
      blocks: [
        p(
          `This manual is published on our website and is available for inspection at our office at no charge. A printed copy costs the fee the PAIA regulations prescribe.`,
        ),
      ],
    },
  ],
};

export const legalDocs: Record<LegalSlug, LegalDoc> = {
  privacy,
  terms,
  cookies,
  "paia-manual": paiaManual,
};

export function getLegalDoc(slug: string | undefined): LegalDoc | undefined {
  return (legalSlugs as readonly (string | undefined)[]).includes(slug)
    ? legalDocs[slug as LegalSlug]
    : undefined;
}

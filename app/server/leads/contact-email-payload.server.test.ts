import { describe, expect, it } from "vitest";
import { quoteSchema } from "~/lib/validation/leads";
import {
  type ContactEmailPayload,
  composeQuotePayload,
  leadFromPayload,
} from "./contact-email-payload.server";

const quote = quoteSchema.parse({
  selectedPackage: "Growth",
  name: "Thabo Molefe",
  email: "thabo@example.co.za",
  phone: "082 555 0199",
  address: "12 Long Street, Cape Town",
  startDate: "2099-03-02",
  finishDate: "2099-04-15",
  message: "We need a WhatsApp chatbot for our three stores.",
});

describe("the JSON endpoint's legacy payload", () => {
  it("puts the package in company and composes the message as the spec says", () => {
    const payload = composeQuotePayload(quote);
    expect(payload.company).toBe("Growth");
    expect(payload.message).toBe(
      [
        "QUOTATION REQUEST - Growth Package",
        "",
        "Address: 12 Long Street, Cape Town",
        "Project Start Date: Monday, 2 March 2099",
        "Project Finish Date: Wednesday, 15 April 2099",
        "",
        "Message:",
        "We need a WhatsApp chatbot for our three stores.",
      ].join("\n"),
    );
    expect(payload).toMatchObject({
      name: "Thabo Molefe",
      email: "thabo@example.co.za",
      phone: "082 555 0199",
    });
  });

  it("reads a composed quote as a quote of that package, its message kept as sent", () => {
    const payload = composeQuotePayload(quote);
    expect(leadFromPayload(payload)).toEqual({
      kind: "quote",
      name: "Thabo Molefe",
      email: "thabo@example.co.za",
      phone: "082 555 0199",
      packageName: "Growth",
      address: null,
      startDate: null,
      finishDate: null,
      message: payload.message,
    });
  });

  it("reads anything else as a contact message", () => {
    const contact: ContactEmailPayload = {
      name: "Naledi Dlamini",
      email: "naledi@example.co.za",
      phone: undefined,
      company: "Dlamini Foods",
      message: "QUOTATION REQUEST - Growth Package",
    };
    expect(leadFromPayload(contact)).toMatchObject({ kind: "contact", company: "Dlamini Foods" });
    // The heading must name the package that company carries.
    const mismatched = { ...composeQuotePayload(quote), company: "Starter" };
    expect(leadFromPayload(mismatched).kind).toBe("contact");
  });
});

import { describe, expect, it } from "vitest";
import {
  composeQuotePayload,
  contactSchema,
  formatLongDate,
  nextDay,
  quoteSchema,
  todayInSouthAfrica,
} from "./leads";

const today = todayInSouthAfrica();
const inDays = (n: number) => {
  let d = today;
  for (let i = 0; i < n; i++) d = nextDay(d);
  return d;
};

const validQuote = {
  selectedPackage: "Growth",
  name: "Thabo Molefe",
  email: "thabo@example.co.za",
  phone: "082 555 0199",
  address: "12 Long Street, Cape Town",
  startDate: inDays(7),
  finishDate: inDays(37),
  message: "We need a WhatsApp chatbot for our three stores.",
};

function firstMessage(schema: typeof quoteSchema | typeof contactSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
}

describe("quote form rules", () => {
  it("accepts a valid request", () => {
    expect(quoteSchema.safeParse(validQuote).success).toBe(true);
  });

  it.each([
    ["selectedPackage", "", "Please select a package"],
    ["selectedPackage", "Platinum", "Please select a package"],
    ["name", "   ", "Name is required"],
    ["name", "x".repeat(101), "Name must be less than 100 characters"],
    ["email", "not-an-email", "Invalid email address"],
    ["email", "", "Invalid email address"],
    ["email", `${"x".repeat(250)}@example.co.za`, "Email must be less than 255 characters"],
    ["phone", "082 555", "Phone number is required"],
    ["phone", "0".repeat(51), "Phone must be less than 50 characters"],
    ["address", "abc", "Address is required"],
    ["address", "x".repeat(501), "Address must be less than 500 characters"],
    ["startDate", "", "Please select a project start date"],
    ["startDate", "2020-01-01", "Start date cannot be in the past"],
    ["startDate", "31/12/2030", "Please select a project start date"],
    ["startDate", "2099-02-30", "Please select a project start date"],
    ["startDate", "2099-02-29", "Please select a project start date"],
    ["startDate", "99999-01-01", "Please select a project start date"],
    ["finishDate", "2099-04-31", "Please select a project finish date"],
    ["address", "1 Main\u0000 Road", "Address contains a character that is not allowed"],
    ["message", "Hello there \ud800 friend", "Message contains a character that is not allowed"],
    ["finishDate", "", "Please select a project finish date"],
    ["message", "too short", "Please provide more details (minimum 10 characters)"],
    ["message", "x".repeat(2001), "Message must be less than 2000 characters"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(firstMessage(quoteSchema, { ...validQuote, [field]: value })).toBe(message);
  });

  it("requires the finish date after the start date, on the finish date", () => {
    for (const finishDate of [validQuote.startDate, inDays(6)]) {
      const result = quoteSchema.safeParse({ ...validQuote, finishDate });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["finishDate"],
        message: "Finish date must be after start date",
      });
    }
  });

  it("trims its fields and shows only the first message in field order", () => {
    const parsed = quoteSchema.parse({
      ...validQuote,
      name: "  Thabo  ",
      email: " thabo@example.co.za ",
    });
    expect(parsed.name).toBe("Thabo");
    expect(parsed.email).toBe("thabo@example.co.za");
    expect(firstMessage(quoteSchema, {})).toBe("Please select a package");
    expect(firstMessage(quoteSchema, { ...validQuote, name: "", phone: "1" })).toBe(
      "Name is required",
    );
  });
});

describe("contact form rules", () => {
  const valid = { name: "Naledi", email: "naledi@example.co.za", message: "Hello there" };
  it("accepts a message with optional fields left out", () => {
    expect(contactSchema.parse(valid)).toEqual({ ...valid, phone: undefined, company: undefined });
    expect(contactSchema.parse({ ...valid, phone: "", company: " " }).company).toBeUndefined();
  });
  it.each([
    ["name", "", "Name is required"],
    ["name", "x".repeat(101), "Name must be less than 100 characters"],
    ["email", "naledi@", "Invalid email address"],
    ["phone", "1".repeat(51), "Phone must be less than 50 characters"],
    ["company", "c".repeat(101), "Company name must be less than 100 characters"],
    ["message", "   ", "Message is required"],
    ["message", "m".repeat(2001), "Message must be less than 2000 characters"],
    ["name", "Na\u0000ledi", "Name contains a character that is not allowed"],
    ["company", "\udc00", "Company name contains a character that is not allowed"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(firstMessage(contactSchema, { ...valid, [field]: value })).toBe(message);
  });
});

describe("quote message composition", () => {
  it("formats dates in long form", () => {
    expect(formatLongDate("2026-12-01")).toBe("Tuesday, 1 December 2026");
  });
  it("puts the package in company and composes the message as the spec says", () => {
    const q = quoteSchema.parse({
      ...validQuote,
      startDate: "2099-03-02",
      finishDate: "2099-04-15",
    });
    const payload = composeQuotePayload(q);
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
});

describe("line breaks in one-line lead fields (issue 18: forged mail lines)", () => {
  const contact = { name: "Thabo", email: "t@example.co.za", message: "Hello there" };
  it.each([
    ["name", "Thabo\r\nBcc: x@evil.example", "Name must be on one line"],
    ["phone", "0821234567\nX-Evil: 1", "Phone must be on one line"],
    ["company", "Acme\rSubject: hi", "Company name must be on one line"],
  ])("refuses CR/LF in the contact %s", (field, value, message) => {
    const result = contactSchema.safeParse({ ...contact, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("refuses CR/LF in the quote's name and phone", () => {
    for (const [field, message] of [
      ["name", "Name must be on one line"],
      ["phone", "Phone must be on one line"],
    ] as const) {
      const result = quoteSchema.safeParse({ ...validQuote, [field]: "0821234567\nBcc: x" });
      expect(result.error?.issues[0]?.message).toBe(message);
    }
  });

  it("keeps line breaks in the message", () => {
    expect(contactSchema.safeParse({ ...contact, message: "Line one\r\nLine two" }).success).toBe(
      true,
    );
  });
});

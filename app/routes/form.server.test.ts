import { describe, expect, it } from "vitest";
import { typedValues, valuesAfterRefusal } from "./form.server";

describe("valuesAfterRefusal", () => {
  const typed = typedValues({
    intent: "update",
    id: "p-1",
    clientId: "c-1",
    title: "Website",
    description: "A new site",
  });

  it("shows again all that was typed after a 400, ids included", () => {
    expect(valuesAfterRefusal(400, typed)).toEqual({
      id: "p-1",
      clientId: "c-1",
      title: "Website",
      description: "A new site",
    });
  });

  it("leaves out the ids sent after a 403 or 404, keeping the text", () => {
    for (const status of [403, 404]) {
      expect(valuesAfterRefusal(status, typed)).toEqual({
        title: "Website",
        description: "A new site",
      });
    }
  });
});

import { describe, expect, it } from "vitest";
import { centsToDecimal, formatRand, formatRate, parseRand, percentOf, vatOn } from "./money";

describe("money in rand", () => {
  it("writes every amount in the one house format", () => {
    expect(formatRand(1_250_000)).toBe("R12,500.00");
    expect(formatRand(450_000)).toBe("R4,500.00");
    expect(formatRand(2_070_000)).toBe("R20,700.00");
    expect(formatRand(95_005)).toBe("R950.05");
    expect(formatRand(0)).toBe("R0.00");
    expect(formatRand(7)).toBe("R0.07");
    expect(formatRand(-15_000)).toBe("-R150.00");
    expect(formatRand(125_000_000_00)).toBe("R125,000,000.00");
    expect(() => formatRand(1.5)).toThrow(RangeError);
  });

  it("reads what people type, in cents, without floating point", () => {
    expect(parseRand("12500")).toBe(1_250_000);
    expect(parseRand("12 500")).toBe(1_250_000);
    expect(parseRand("R12,500.00")).toBe(1_250_000);
    expect(parseRand("R 12 500,50")).toBe(1_250_050);
    expect(parseRand("0.1")).toBe(10);
    expect(parseRand("1.15")).toBe(115);
    expect(parseRand("19.99")).toBe(1999);
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "12,50,0", "R", "1.2.3"]) {
      expect(parseRand(bad), bad).toBeNull();
    }
    // Past the largest invoice amount is still an amount: the forms refuse it in words.
    expect(parseRand("100000000.01")).toBe(10_000_000_001);
    expect(parseRand("1000000000000")).toBeNull();
  });

  it("works out VAT and deposits to the cent, half up", () => {
    expect(vatOn(1_800_000, 1500)).toBe(270_000); // R18,000 → R2,700 VAT
    expect(vatOn(3, 1500)).toBe(0); // 0.45c
    expect(vatOn(10, 1500)).toBe(2); // 1.5c → 2c
    expect(vatOn(-10, 1500)).toBe(-2);
    expect(percentOf(2_070_000, 50)).toBe(1_035_000);
    expect(percentOf(1, 50)).toBe(1);
    expect(formatRate(1500)).toBe("15%");
    expect(formatRate(1550)).toBe("15.5%");
    expect(formatRate(1525)).toBe("15.25%");
    expect(centsToDecimal(1_250_050)).toBe("12500.50");
    expect(centsToDecimal(-7)).toBe("-0.07");
  });
});

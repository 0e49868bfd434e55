import { describe, expect, it } from "vitest";
import { identiconUrl } from "../src/identicon";

describe("identiconUrl", () => {
  it("draws the same SVG for the same user id, another for another id", () => {
    const ada = identiconUrl("01JADA0000000000000000000");
    expect(ada).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(identiconUrl("01JADA0000000000000000000")).toBe(ada);
    expect(identiconUrl("01JBOB0000000000000000000")).not.toBe(ada);
    expect(decodeURIComponent(ada)).toContain("<rect");
  });
});

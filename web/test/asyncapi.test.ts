import { OpenAPISchemaParser } from "@asyncapi/openapi-schema-parser";
import { fromFile, Parser } from "@asyncapi/parser";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

/** docs/asyncapi.yaml, the live updates' protocol, read by AsyncAPI's own parser (its tweet views are openapi.yaml's). */
const DOCUMENT = fileURLToPath(new URL("../../docs/asyncapi.yaml", import.meta.url));
const ERROR = 0;

async function parse() {
  const parser = new Parser();
  parser.registerSchemaParser(OpenAPISchemaParser());
  return fromFile(parser, DOCUMENT).parse();
}

describe("docs/asyncapi.yaml", () => {
  let parsed: Awaited<ReturnType<typeof parse>>;
  beforeAll(async () => {
    parsed = await parse();
  }, 60_000);

  it("is a valid AsyncAPI document whose references (to openapi.yaml's Tweet) resolve", () => {
    const { document, diagnostics } = parsed;
    expect(diagnostics.filter((d) => d.severity === ERROR).map((d) => `${d.path.join(".")}: ${d.message}`))
      .toEqual([]);
    expect(document).toBeDefined();
  });

  it("names both client messages and every server message the client reads", () => {
    const { document } = parsed;
    const messages = document!.messages().all().map((m) => m.id()).sort();
    expect(messages).toEqual(["delete", "error", "page", "subscribe", "subscribed", "tweet", "unsubscribe",
      "unsubscribed"]);
    const received = document!.operations().all().filter((o) => o.action() === "receive")
      .flatMap((o) => o.messages().all().map((m) => m.id()));
    expect(received.sort()).toEqual(["subscribe", "unsubscribe"]);
  });
});

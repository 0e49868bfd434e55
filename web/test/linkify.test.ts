import { describe, expect, it } from "vitest";
import { escapeHtml, linkify, segments } from "../src/linkify";

describe("linkify", () => {
  it("links the hashtags and mentions the API extracted", () => {
    expect(linkify("hello #Scaleout and @ada!", ["Scaleout"], ["ada"])).toBe(
      'hello <a href="#/tag/Scaleout">#Scaleout</a> and <a href="#/u/ada">@ada</a>!',
    );
  });

  it("leaves a #tag or @name the API did not extract as text", () => {
    expect(linkify("@nobody likes #this", [], [])).toBe("@nobody likes #this");
    expect(segments("mail a@bob.com", [], ["bob"])).toEqual([{ kind: "text", text: "mail a@bob.com" }]);
  });

  it("matches hashtags and mentions ignoring case", () => {
    expect(linkify("#JAVA by @Ada", ["java"], ["ada"])).toBe(
      '<a href="#/tag/JAVA">#JAVA</a> by <a href="#/u/Ada">@Ada</a>',
    );
  });

  it("links non-Latin hashtags, URL-encoded", () => {
    expect(linkify("#café", ["café"], [])).toBe('<a href="#/tag/caf%C3%A9">#café</a>');
  });

  it("escapes the text: no HTML injection", () => {
    const html = linkify('<script>alert("x")</script> #ok & <img src=x onerror=alert(1)>', ["ok"], []);
    expect(html).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <a href=\"#/tag/ok\">#ok</a> &amp; " +
        "&lt;img src=x onerror=alert(1)&gt;",
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
  });

  it("does not link inside an entity-like or word-joined tag", () => {
    expect(linkify("a&#39; b#c", ["39", "c"], [])).toBe("a&amp;#39; b#c");
  });

  it("escapes every special character", () => {
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});

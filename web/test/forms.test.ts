// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { scriptedApi, settle, setUpPage } from "./dom";

setUpPage("ada");
const { useApi } = await import("../src/client");
const { startPage } = await import("../src/ui/page");
const { credentialsForm } = await import("../src/ui/credentials");
const { profileEditor } = await import("../src/ui/profileEditor");
const { followButton } = await import("../src/ui/followButton");

const refusedPassword = { status: 400, body: { message: "Invalid request",
  errors: [{ field: "password", reason: "must have at least 8 characters" }] } };

describe("a form's errors", () => {
  it("show the reason the API gave for each refused field, and mark that field", async () => {
    useApi(scriptedApi([refusedPassword]).api);
    const parts = startPage("Register");
    const form = filled(credentialsForm(parts, "Register", true, (v) => useApiRegister(v)));
    document.getElementById("main")!.append(form);
    form.requestSubmit();
    await settle();
    expect(parts.alert.hidden).toBe(false);
    expect(parts.alert.firstChild?.textContent).toBe("Invalid request");
    expect([...parts.alert.querySelectorAll("li")].map((li) => li.textContent))
      .toEqual(["Password: must have at least 8 characters"]);
    expect(form.querySelector("#password")?.getAttribute("aria-invalid")).toBe("true");
    expect(form.querySelector("#username")?.hasAttribute("aria-invalid")).toBe(false);
  });

  it("go as soon as the user tries again, while the button says it is pending", async () => {
    const scripted = scriptedApi([refusedPassword, { status: 201, body: {} }]);
    useApi(scripted.api);
    const parts = startPage("Register");
    const form = filled(credentialsForm(parts, "Register", true, (v) => useApiRegister(v)));
    form.requestSubmit();
    await settle();
    expect(parts.alert.hidden).toBe(false);
    scripted.hold();
    form.requestSubmit();
    await settle();
    const button = form.querySelector("button")!;
    expect(parts.alert.hidden).toBe(true); // the stale error is gone at once
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(form.querySelector("#password")?.hasAttribute("aria-invalid")).toBe(false);
    scripted.release();
    await settle();
    expect(button.disabled).toBe(false);
    expect(parts.alert.hidden).toBe(true);
  });
});

/** The fields a browser requires before it submits. */
function filled(form: HTMLFormElement): HTMLFormElement {
  (form.querySelector("#username") as HTMLInputElement).value = "ada";
  (form.querySelector("#password") as HTMLInputElement).value = "short";
  return form;
}

async function useApiRegister(values: Record<string, string>): Promise<void> {
  const { api } = await import("../src/client");
  await api.register(values.username, values.password);
}

describe("Edit profile", () => {
  it("sends the display name and bio trimmed, empty as null, and shows what the API saved", async () => {
    const saved = { id: "u", username: "ada", displayName: "Ada L.", bio: null, createdAt: "", followers: 0,
      following: 0, tweets: 0 };
    const scripted = scriptedApi([{ status: 200, body: saved }]);
    useApi(scripted.api);
    const heard: unknown[] = [];
    const editor = profileEditor(startPage("@ada"), { ...saved, displayName: "Ada", bio: "Analyst" },
      (p) => heard.push(p));
    const open = [...editor.querySelectorAll("button")].find((b) => b.textContent === "Edit profile")!;
    open.click();
    const form = editor.querySelector("form")!;
    expect(form.hidden).toBe(false);
    expect((form.querySelector("#edit-display-name") as HTMLInputElement).value).toBe("Ada");
    expect((form.querySelector("#edit-bio") as HTMLTextAreaElement).value).toBe("Analyst");
    (form.querySelector("#edit-display-name") as HTMLInputElement).value = "  Ada L. ";
    (form.querySelector("#edit-bio") as HTMLTextAreaElement).value = "   ";
    form.requestSubmit();
    await settle();
    expect(scripted.calls).toEqual(["PATCH /me"]);
    expect(heard).toEqual([saved]);
    expect(form.hidden).toBe(true);
  });

  it("marks a bio the API refused", async () => {
    useApi(scriptedApi([{ status: 400, body: { message: "Invalid request",
      errors: [{ field: "bio", reason: "must have at most 160 characters" }] } }]).api);
    const parts = startPage("@ada");
    const editor = profileEditor(parts, { id: "u", username: "ada", createdAt: "", followers: 0, following: 0,
      tweets: 0 }, () => {});
    editor.querySelector("form")!.requestSubmit();
    await settle();
    expect(editor.querySelector("#edit-bio")?.getAttribute("aria-invalid")).toBe("true");
    expect(parts.alert.textContent).toContain("Bio: must have at most 160 characters");
  });
});

describe("Follow", () => {
  it("looks different once following", async () => {
    useApi(scriptedApi([{ status: 204 }]).api);
    const button = followButton(startPage("@bob"), "bob", false);
    expect([button.textContent, button.classList.contains("following")]).toEqual(["Follow", false]);
    button.click();
    await settle();
    expect([button.textContent, button.classList.contains("following")]).toEqual(["Unfollow", true]);
  });
});

describe("Log out", () => {
  it("is pending until the API answers", async () => {
    const { renderNav } = await import("../src/ui/nav");
    const scripted = scriptedApi([{ status: 204 }]);
    useApi(scripted.api);
    renderNav();
    const button = [...document.querySelectorAll<HTMLButtonElement>("#nav button")]
      .find((b) => b.textContent === "Log out")!;
    scripted.hold();
    button.click();
    await settle();
    expect([button.disabled, button.getAttribute("aria-busy")]).toEqual([true, "true"]);
    scripted.release();
    await settle();
    expect(scripted.calls).toEqual(["DELETE /sessions/current"]);
  });
});

import { describe, expect, it } from "vitest";
import { clearSession, loadSession, saveSession } from "../src/session";

/** The part of Storage the session uses, in memory. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (k) => values.get(k) ?? null,
    key: (i) => [...values.keys()][i] ?? null,
    removeItem: (k) => void values.delete(k),
    setItem: (k, v) => void values.set(k, v),
  };
}

describe("session", () => {
  it("keeps the token and username, and forgets them on log out", () => {
    const storage = memoryStorage();
    expect(loadSession(storage)).toBeNull();
    saveSession({ token: "t", username: "ada" }, storage);
    expect(loadSession(storage)).toEqual({ token: "t", username: "ada" });
    clearSession(storage);
    expect(loadSession(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("is no session with only half of it stored", () => {
    const storage = memoryStorage();
    storage.setItem("scaleout.token", "t");
    expect(loadSession(storage)).toBeNull();
  });
});

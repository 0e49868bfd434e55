import { api } from "./client";
import { navigate, rerender } from "./navigation";
import { clearSession, loadSession, saveSession, type StoredSession } from "./session";

/** Who is logged in (from localStorage at start-up); listeners hear every change (the nav shows it). */
export let session: StoredSession | null = loadSession();
let listener: () => void = () => {};

export function onSessionChange(onChange: () => void): void {
  listener = onChange;
}

/** Forgets the session here only (the token expired or was revoked, or the API logged it out). */
export function forgetSession(): void {
  clearSession();
  session = null;
  listener();
}

export async function logIn(username: string, password: string): Promise<void> {
  const created = await api.login(username, password);
  session = { token: created.token, username: created.user.username };
  saveSession(session);
  listener();
  navigate("#/");
}

export async function logOut(): Promise<void> {
  try {
    await api.logout();
  } catch {
    // the token may already be invalid: logging out locally is what matters
  }
  forgetSession();
  if (location.hash === "#/" || location.hash === "") rerender();
  else navigate("#/");
}
